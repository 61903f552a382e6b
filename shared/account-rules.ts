/**
 * The account rules both sides know, without any library, so browser pages can import them cheaply:
 * length limits of the account fields and the length of the e-mailed reset code.
 */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const RESET_CODE_LENGTH = 6;
