import { describeMatrix } from './authz-matrix-suite.ts';

// Part 3 of 3 of the authorization matrix (authz-matrix-suite.ts): every third route.
await describeMatrix(2, 3);
