// No zod here: the web app imports these without pulling the schema library into its bundle.

/** Field messages of the spec (§5), shared by server validation and web forms. */
export const fieldMessages = {
  required: 'This Field is Required',
  email: 'Email Must Be Valid',
  noWhitespace: 'No Whitespace Allowed',
  url: 'Must Be A Valid URL',
  minLength: (n: number) => `Must Be At Least ${n} Characters`,
  maxLength: (n: number) => `Must Be At Most ${n} Characters`,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
