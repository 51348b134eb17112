// The auth answers are shared with the web client: one definition in @skolar/shared.
export {
  type AuthInfo as UserInfo,
  authInfo as userInfo,
  errorBody,
  loginAnswer,
} from '@skolar/shared';
