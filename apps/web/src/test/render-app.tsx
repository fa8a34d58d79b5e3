import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { createRouteTable } from "../app/route-table.tsx";

/** Renders the whole app (providers, session, routes) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRouteTable(), {
    initialEntries: [path],
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
