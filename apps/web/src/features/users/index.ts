export { UserDialog, type UserDialogProps } from "./components/user-dialog.tsx";
export { UsersPanel } from "./components/users-panel.tsx";
