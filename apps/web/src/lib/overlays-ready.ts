let markReady!: () => void;

/**
 * Resolves once the dialogs' provider listens (components/app-overlays.tsx, loaded after the first paint).
 * Mantine's `modals.open…` calls are window events: one sent before ModalsProvider has mounted is lost, so a
 * quick click right after a page load (an admin pressing Accept) would open nothing.
 */
export const overlaysReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by AppOverlays once mounted (its children's listeners are in place by then). */
export function setOverlaysReady(): void {
  markReady();
}
