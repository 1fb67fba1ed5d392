// The common-password list of @zxcvbn-ts/language-common on its own (server/domain/password-policy.ts):
// the package types only its index.
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
