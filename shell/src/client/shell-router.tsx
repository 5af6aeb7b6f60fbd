import { useEffect } from "react";
import {
  Outlet,
  createBrowserRouter,
  useLocation,
  useNavigation,
  useNavigationType,
  type RouteObject,
} from "react-router";
import type { BootData } from "../contract/navigation-contract.ts";
import { matchRoute, routeTable } from "../routes/route-table.ts";
import { ShellLayout } from "../ui/shell-layout.tsx";
import { FragmentOutlet } from "./fragment-outlet.tsx";
import { navigationLoader, type NavigationData } from "./navigation-loader.ts";

const NOT_FOUND_ROUTE_ID = "not-found";

function ShellRoot({ boot }: { boot: BootData }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === "PUSH" && !location.hash) window.scrollTo(0, 0);
  }, [location, navigationType]);
  return (
    <ShellLayout
      sections={boot.sections}
      viewer={boot.viewer}
      dateLine={boot.dateLine}
      pathname={location.pathname}
      busy={navigation.state === "loading"}
    >
      <Outlet />
    </ShellLayout>
  );
}

/** The browser's copy of the one route table, hydrated with the answer the server rendered. */
export function createShellRouter(boot: BootData) {
  const children: RouteObject[] = [
    ...routeTable.map((route) => ({
      id: route.id,
      path: route.path,
      loader: navigationLoader,
      element: <FragmentOutlet />,
    })),
    { id: NOT_FOUND_ROUTE_ID, path: "*", loader: navigationLoader, element: <FragmentOutlet /> },
  ];
  const routes: RouteObject[] = [{ id: "shell", element: <ShellRoot boot={boot} />, children }];
  const initialRouteId = matchRoute(window.location.pathname)?.route.id ?? NOT_FOUND_ROUTE_ID;
  const initialData: NavigationData = { answer: boot.initial, hydrate: true, module: null };
  return createBrowserRouter(routes, {
    hydrationData: { loaderData: { [initialRouteId]: initialData } },
  });
}
