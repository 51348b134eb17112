import { describeMatrix } from './authz-matrix-suite.ts';

// Part 2 of 3 of the authorization matrix (authz-matrix-suite.ts): every third route.
await describeMatrix(1, 3);
