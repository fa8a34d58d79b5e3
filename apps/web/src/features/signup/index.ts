export { SignupForm } from "./components/signup-form.tsx";
export { useSignupStatus } from "./api/signup-status.ts";
