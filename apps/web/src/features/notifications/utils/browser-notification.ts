let permissionAsked = false;

function isSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Asks for the browser-notification permission once (call it from a user gesture). */
export function askNotificationPermissionOnce(): void {
  if (permissionAsked || !isSupported() || Notification.permission !== "default") return;
  permissionAsked = true;
  void Notification.requestPermission().catch(() => undefined);
}

/** Shows a browser notification when allowed; `onClick` runs when the user clicks it. */
export function showBrowserNotification(title: string, options: { body: string; tag: string; icon?: string }, onClick: () => void): void {
  if (!isSupported() || Notification.permission !== "granted") return;
  try {
    const notification = new Notification(title, { body: options.body, tag: options.tag, icon: options.icon, silent: true });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
}
