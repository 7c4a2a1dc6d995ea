/** The bell and Web Push (docs/notifications.md). */
export const NOTIFICATIONS_MESSAGES = {
  pushEndpointTaken: 'This device is registered for notifications by another account. Turn notifications off there first.',
  pushServiceNotAllowed: "Notifications can only be delivered through a browser's own push service.",
  // The bell
  notificationNotFound: 'Notification not found.',
  notificationsMarkedRead: 'Notifications marked as read.',
  messagesMarkedRead: 'Messages marked as read.',
  notificationDeleted: 'Notification deleted.',
  // Web Push (docs/notifications.md#web-push)
  pushUnavailable: 'Push notifications are not available on this server.',
  pushSubscriptionInvalid: 'This device could not be registered for notifications.',
  pushSubscribed: 'Notifications are on for this device.',
  pushUnsubscribed: 'Notifications are off for this device.',
  pushSettingsInvalid: 'Unknown notification setting.',
  pushSettingsSaved: 'Notification settings saved.',
  pushBlocked: 'Notifications are blocked for GotNext in this browser. Allow them in the browser settings.',
  pushNotSupported: 'This browser cannot receive push notifications.',
  // The push prompt of the match pages (docs/notifications.md#the-push-prompt)
  pushPromptLobby: 'Get a notification when your game starts or the score comes in, even with GotNext closed.',
  pushPromptReported: (who: string) => `Get a notification when ${who} reports, even with GotNext closed.`,
  pushMatchStartTitle: 'Your match has started',
  pushMatchStartBody: (type: string) => `Your ${type} match has started. Good luck!`,
  pushMessageTitle: (sender: string) => `New message from ${sender}`,
} as const;
