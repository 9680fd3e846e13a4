// The lengths the account forms allow, without the schemas (and zod) that enforce them: the forms'
// scripts and their messages need the numbers on every page, the schemas only when a form is checked.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
