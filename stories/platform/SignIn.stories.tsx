import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  type LoginFormState,
  loginBody,
  loginMessages,
  logoutConfirmBody,
  signInPage,
} from '../../server/src/pages/login-view';
import {
  doneBody,
  forgottenBody,
  invalidBody,
  passwordResetMessages as m,
  newPasswordBody,
  sentBody,
} from '../../server/src/pages/password-reset-view';
import { forgottenPasswordPath, pageConfig } from './pageConfig';
import { ServerPage } from './ServerPage';

/**
 * The sign-in pages of the platform origin (/login, /logout, « Mot de passe oublié ? »), as the
 * server renders them (server/src/pages/login-view.ts, password-reset-view.ts): the product's
 * name above one card, the page's own stylesheet. The French messages under the fields come from
 * the page's script, which a story does not run.
 */
function SignInPage({ heading, body }: { heading: string; body: string }) {
  return <ServerPage html={signInPage({ config: pageConfig(), nonce: '', heading, body })} />;
}

const login = (state: Omit<LoginFormState, 'redirect'> = {}) => ({
  heading: 'Connexion',
  body: loginBody({ redirect: '', ...state }, forgottenPasswordPath),
});
const email = 'marie.martin@martin-renovation.fr';

const meta = { title: 'Platform/Sign-in pages', component: SignInPage } satisfies Meta<typeof SignInPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /login: the address, the password, « Se connecter » and « Mot de passe oublié ? ». */
export const Login: Story = { args: login() };

/** A wrong address or password: one message for both, the address kept, the password to type again. */
export const LoginWrongPassword: Story = { args: login({ email, error: loginMessages.wrongCredentials }) };

/**
 * Too many attempts: the address, the account or the browser is locked for a few minutes (a locked
 * account itself answers as a wrong password: the page says nothing about accounts).
 */
export const LoginLocked: Story = { args: login({ email, error: loginMessages.tooManyAttempts }) };

/** Back on /login after signing out. */
export const LoggedOut: Story = { args: login({ notice: loginMessages.loggedOut }) };

/** /logout reached from another site: the person is asked first. */
export const LogoutConfirmation: Story = { args: { heading: 'Déconnexion', body: logoutConfirmBody() } };

/** « Mot de passe oublié ? »: the address to send the link to. */
export const ForgottenPassword: Story = {
  args: { heading: m.forgottenHeading, body: forgottenBody(forgottenPasswordPath) },
};

/** The address is not one: the form says so, the address kept. */
export const ForgottenPasswordInvalidAddress: Story = {
  args: { heading: m.forgottenHeading, body: forgottenBody(forgottenPasswordPath, 'marie.martin', m.email) },
};

/** The same answer whether an account has this address or not. */
export const ForgottenPasswordSent: Story = { args: { heading: m.forgottenHeading, body: sentBody(email) } };

/** The link of the mail: the new password twice. */
export const NewPassword: Story = { args: { heading: m.newHeading, body: newPasswordBody(email) } };

/** The two passwords differ. */
export const NewPasswordMismatch: Story = {
  args: { heading: m.newHeading, body: newPasswordBody(email, m.mismatch) },
};

/** A spent, expired or replaced link: one message, and a new link to ask for. */
export const ResetLinkInvalid: Story = {
  args: { heading: m.newHeading, body: invalidBody(forgottenPasswordPath) },
};

/** Done: every open session was closed, sign in with the new password. */
export const PasswordChanged: Story = { args: { heading: m.newHeading, body: doneBody() } };
