export { TwoFactorSection, type TwoFactorSectionProps } from "./components/two-factor-section.tsx";
export { TwoFactorRequiredPage } from "./components/two-factor-required-page.tsx";
