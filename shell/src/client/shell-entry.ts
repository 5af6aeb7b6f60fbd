// An async boundary lets Module Federation set up the shared singletons before React loads.
import("./shell-bootstrap.tsx").catch((error: unknown) => {
  // The server HTML stays readable; links simply navigate with full page loads.
  console.warn("The Daily Edge: interactive features are unavailable.", error);
});
