export { RequestCodeForm } from "./components/request-code-form.tsx";
export { ResetPasswordForm } from "./components/reset-password-form.tsx";
