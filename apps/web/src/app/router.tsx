import { createBrowserRouter } from "react-router";
import { createRouteTable } from "./route-table.tsx";

/** The browser router of the app. */
export const router = createBrowserRouter(createRouteTable());
