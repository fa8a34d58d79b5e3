import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A password input with a show/hide button; the browser is asked not to fill in a saved password. */
export function PasswordField(props: Omit<TextFieldProps, "type">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggleLabel = t(visible ? "users.form.hidePassword" : "users.form.showPassword");
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      fullWidth
      autoComplete="new-password"
      slotProps={{
        htmlInput: { maxLength: 50 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={toggleLabel} onClick={() => setVisible((value) => !value)}>
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
