import { useCallback, useState } from "react";
import { z } from "zod";
import { SESSION_KEYS } from "../../../lib/storage.ts";

const ZTask = z.object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() });
const ZTaskList = z.array(ZTask);
export type Task = z.infer<typeof ZTask>;

function readTasks(): Task[] {
  const raw = sessionStorage.getItem(SESSION_KEYS.tasks);
  if (!raw) return [];
  try {
    const parsed = ZTaskList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeTasks(tasks: Task[]): void {
  sessionStorage.setItem(SESSION_KEYS.tasks, JSON.stringify(tasks));
}

export interface TasksValue {
  tasks: Task[];
  /** Adds a task; blank text is ignored (returns false). */
  addTask: (text: string) => boolean;
  /** Replaces a task's text and stamps updatedAt; blank text is ignored (returns false). */
  updateTask: (index: number, text: string) => boolean;
  deleteTask: (index: number) => void;
}

const systemClock = () => new Date();

/**
 * The local to-do list of spec core §2: tasks {text, createdAt, updatedAt} kept in session
 * storage under "tasks".
 */
export function useTasks(now: () => Date = systemClock): TasksValue {
  const [tasks, setTasks] = useState(readTasks);

  const save = useCallback((next: Task[]) => {
    writeTasks(next);
    setTasks(next);
  }, []);

  const addTask = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return false;
      const stamp = now().toISOString();
      save([...tasks, { text: trimmed, createdAt: stamp, updatedAt: stamp }]);
      return true;
    },
    [now, save, tasks],
  );

  const updateTask = useCallback(
    (index: number, text: string) => {
      const trimmed = text.trim();
      const task = tasks[index];
      if (!trimmed || !task) return false;
      const updated: Task = { ...task, text: trimmed, updatedAt: now().toISOString() };
      save(tasks.map((current, position) => (position === index ? updated : current)));
      return true;
    },
    [now, save, tasks],
  );

  const deleteTask = useCallback(
    (index: number) => save(tasks.filter((_task, position) => position !== index)),
    [save, tasks],
  );

  return { tasks, addTask, updateTask, deleteTask };
}
