import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/page-container.tsx";
import { TodoList } from "../../features/todolist/components/todo-list.tsx";

/** /todolist: the browser-local task list. */
export default function TodolistPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("todolist.title")}>
      <TodoList />
    </PageContainer>
  );
}
