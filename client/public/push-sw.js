/*
 * Web Push in the service worker, which Workbox's generated worker loads with importScripts
 * (vite.config.ts). Every push shows a notification, even one whose text cannot be read: iOS
 * revokes the subscription of an app that receives a push and shows none. A tap opens the app,
 * or the open one, at the screen the push names (the alerts screen, or the Transaction screen's
 * tab for an order's or a position's notice); the alerts screen where it names none.
 */
const fallbackTitle = "Kabuto";
const alertsRoute = "#/user/alerts";

/** The push's title, text, tag and route, as the server writes them (api/src/push/push-text.ts). */
function readPush(data) {
  try {
    const message = data ? data.json() : {};
    return {
      title: typeof message.title === "string" ? message.title : fallbackTitle,
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      url: typeof message.url === "string" && message.url.startsWith("#/") ? message.url : alertsRoute,
    };
  } catch {
    return { title: fallbackTitle, body: "", tag: undefined, url: alertsRoute };
  }
}

self.addEventListener("push", (event) => {
  const { title, body, tag, url } = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag,
      icon: "icons/icon-192.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const route = event.notification.data?.url ?? alertsRoute;
  const target = new URL(route, self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((each) => each.url.startsWith(self.registration.scope));
      if (!open) return self.clients.openWindow(target);
      return open.focus().then((focused) => (focused.url === target ? focused : focused.navigate(target)));
    }),
  );
});
