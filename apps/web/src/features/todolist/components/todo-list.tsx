import Delete from "@mui/icons-material/Delete";
import Edit from "@mui/icons-material/Edit";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { useTasks } from "../hooks/use-tasks.ts";

/** The to-do list: a text field to add or edit, and the tasks with their dates. */
export function TodoList() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { tasks, addTask, updateTask, deleteTask } = useTasks();
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const saved = editing === null ? addTask(text) : updateTask(editing, text);
    if (saved) {
      setText("");
      setEditing(null);
    }
  };

  const startEditing = (index: number) => {
    setEditing(index);
    setText(tasks[index]?.text ?? "");
  };

  const remove = (index: number) => {
    deleteTask(index);
    if (editing === index) {
      setEditing(null);
      setText("");
    } else if (editing !== null && editing > index) {
      setEditing(editing - 1);
    }
  };

  const when = (value: string) => formatDate(value, DATE_PATTERNS.dateTime, language);

  return (
    <Stack spacing={2}>
      <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={t("todolist.newTask")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          size="small"
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0, height: 40 }}>
          {editing === null ? t("todolist.add") : t("todolist.save")}
        </Button>
      </Stack>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t("todolist.empty")}
          </Typography>
        ) : (
          <List aria-label={t("todolist.title")}>
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                divider={index < tasks.length - 1}
                sx={editing === index ? { bgcolor: "action.selected" } : undefined}
                secondaryAction={
                  <>
                    <Tooltip title={t("todolist.edit")}>
                      <IconButton aria-label={t("todolist.edit")} onClick={() => startEditing(index)}>
                        <Edit />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("todolist.delete")}>
                      <IconButton aria-label={t("todolist.delete")} edge="end" onClick={() => remove(index)}>
                        <Delete />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <ListItemText
                  primary={task.text}
                  secondary={`${t("todolist.createdAt", { date: when(task.createdAt) })} · ${t("todolist.updatedAt", { date: when(task.updatedAt) })}`}
                  sx={{ pr: 10, wordBreak: "break-word" }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
