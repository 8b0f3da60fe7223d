/** The login dialog: email, password, rememberMe (value 'y'). Pure (valibot only). */
import * as v from 'valibot';
import { EmailField } from './email.ts';
import { BODY_MESSAGE } from './fields.ts';
import { PasswordPresentField } from './password.ts';

/**
 * rememberMe as the spec sends it ('y' when ticked), or a boolean; missing, null, '' or
 * 'n' mean no. The output is a boolean.
 */
export const RememberMeField = v.pipe(
  v.optional(
    v.nullable(v.union([v.boolean(), v.picklist(['y', 'n', ''])], "rememberMe must be 'y' or a boolean")),
    false,
  ),
  v.transform((x) => x === true || x === 'y'),
);

export const LoginSchema = v.object(
  {
    email: EmailField,
    password: PasswordPresentField,
    rememberMe: RememberMeField,
  },
  BODY_MESSAGE,
);
export type LoginInput = v.InferInput<typeof LoginSchema>;
export type LoginValues = v.InferOutput<typeof LoginSchema>;
