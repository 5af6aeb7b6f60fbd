// An async boundary lets Module Federation set up the shared singletons before React loads.
// The timeout ends the task that started the runtime first: loading React's chunks (a script
// element each) is then a task of its own, and neither is long (docs/performance.md).
setTimeout(() => {
  import("./shell-bootstrap.tsx").catch((error: unknown) => {
    // The server HTML stays readable; links simply navigate with full page loads.
    console.warn("shell: interactive features are unavailable.", error);
  });
}, 0);
