import { topupMessages, topupMessageTemplates } from './topup-messages';

/**
 * English texts that the specification fixes word for word. The server sends them in error
 * envelopes and zod issues; the web app looks each text up here to find its i18n key
 * (`messages.<key>`), so an Arabic user never sees raw server English.
 */
export const messages = {
  // Signup and profile
  usernameMin: 'Username must be at least 3 characters',
  usernameFormat: 'Username may contain only letters, digits, dots, dashes and underscores',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number in international format, e.g. +33612345678',
  passwordMin: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordNumber: 'Password must contain a number',
  passwordSpecial: 'Password must contain a special character',
  passwordsMismatch: 'Passwords do not match',
  inviteCodeLength: 'Invite code must be exactly 8 characters',
  identifierRequired: 'Please enter your username or email',
  passwordRequired: 'Please enter your password',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  emailUnavailable: 'Email is not available on this platform',
  // Invitations
  expiryDaysMin: 'Expiry days must be at least 1',
  expiryDaysMax: 'Expiry days cannot exceed 7',
  // Failures named by the specification
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed. Please check your credentials.',
  logoutFailed: 'Logout failed',
  somethingWentWrong: 'Something went wrong',
  failedToLoadInvitationCodes: 'Failed to load invitation codes',
  failedToGenerateCode: 'Failed to generate code',
  failedToUpdatePassword: 'Failed to update password',
  failedToLoadResults: 'Failed to load results. Please try again.',
  noResultsFound: 'No results found.',
  failedToPlaceOrder: 'Failed to place order. Please try again.',
  failedToSendKeys: 'Failed to send product keys. Please try again.',
  failedToRejectOrder: 'Failed to reject order. Please try again.',
  failedToUpdateProductPrices: 'Failed to update product prices',
  failedToUpdatePrices: 'Failed to update prices',
  failedToUpdateBalance: 'Failed to update balance. Please try again.',
  failedToConvertProfit: 'Failed to convert profit',
  failedToCreateTicket: 'Failed to create ticket',
  openTicketExists:
    'You have an open ticket. Please wait for it to be closed before creating a new one.',
  failedToUpdateProfilePicture: 'Failed to update profile picture',
  imageTooLarge: 'Image size should be less than 2MB',
  failedToDeleteSubcategory: 'Failed to delete subcategory',
  categoryNotFound: 'Category Not Found',
  categoryInUse: 'This category still has products or subcategories; move or delete them first',
  musicTooLarge: 'Music file size must be less than 20MB',
  keysRequired: 'Please enter the product keys or account details',
  rejectionReasonRequired: 'Please provide a reason for rejection',
  sellingBelowCost: 'Selling price cannot be lower than buying price',
  // Amounts (USD, DESIGN.md §2)
  amountNumber: 'Amount must be a number',
  amountDecimals: 'Amount must have at most 2 decimals',
  amountTooLarge: 'Amount cannot exceed 10000000 USD',
  amountPositive: 'Amount must be greater than 0',
  amountNegative: 'Amount cannot be negative',
  // Percentage price changes (Price Control)
  percentNumber: 'Percentage must be a number',
  percentDecimals: 'Percentage must have at most 2 decimals',
  percentRange: 'Percentage must be between -90 and 1000',
  // Server refusals the web translates
  currentPasswordIncorrect: 'Current password is incorrect',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  inviteCodeInvalid: 'This invite code is invalid, expired or already used',
  inviteCodeRevoked: 'This invite code is no longer valid',
  registrationClosed: 'Registration is closed at the moment',
  onlyAdminInvitesManagers: 'Only an administrator can invite a manager',
  usernameTooLong: 'Username cannot exceed 32 characters',
  nameTooLong: 'Name cannot exceed 60 characters',
  passwordTooLong: 'Password cannot exceed 128 characters',
  invisibleCharacters: 'This field cannot contain invisible or control characters',
  /** A body field the schema does not know (DESIGN.md §2: bodies are strict). */
  unknownField: 'Unknown field',
  expiryDaysNumber: 'Expiry days must be a number',
  expiryDaysWhole: 'Expiry days must be a whole number',
  // Support tickets (specification §5: subject at least 5 characters, message at least 10)
  ticketSubjectMin: 'Subject must be at least 5 characters',
  ticketSubjectMax: 'Subject cannot exceed 120 characters',
  ticketMessageMin: 'Message must be at least 10 characters',
  ticketMessageMax: 'Message cannot exceed 5000 characters',
  ticketResponseRequired: 'Please write a response',
  ticketResponseMax: 'The response cannot exceed 5000 characters',
  // Not found, and catalogue changes the server refuses
  productNotFound: 'Product not found',
  subcategoryNotFound: 'Subcategory not found',
  packageNotFound: 'Package not found',
  orderNotFound: 'Order not found',
  userNotFound: 'User not found',
  sessionNotFound: 'This session does not exist or has already ended',
  sessionIsCurrent: 'This is the device you are using: sign out to end its session',
  ticketNotFound: 'Ticket not found',
  notificationNotFound: 'Notification not found',
  fileNotFound: 'File not found',
  apiKeyNotFound: 'API key not found',
  apiKeyNameRequired: 'Give the key a name',
  /** API_KEYS_ACTIVE_MAX (integration.ts) is 10. */
  apiKeysLimit: 'You already have 10 active API keys: revoke one before creating another',
  apiKeyAddress: 'Enter an IP address (203.0.113.7) or a range (203.0.113.0/24)',
  /** API_KEY_ALLOWED_IPS_MAX (integration.ts) is 20. */
  apiKeyAddressMapped: 'Write an IPv4 address in its usual form (203.0.113.7), not as ::ffff:…',
  apiKeyAddressEverything: 'A /0 range is every address: leave the field empty to allow any',
  apiKeyAddressesMax: 'A key can be limited to at most 20 addresses or ranges',
  apiKeyRevoked: 'This API key has been revoked: create a new one',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  deliveryInFlight: 'This delivery is being sent right now: retry it once this attempt has ended',
  webhookUrlRequired: 'Enter the URL to send events to',
  webhookUrlFormat: 'Enter a full URL, such as https://example.com/hooks',
  webhookUrlHttps: 'The URL must start with https://',
  webhookUrlCredentials: 'The URL cannot contain a user name or password',
  webhookEventsRequired: 'Choose at least one event',
  /** WEBHOOKS_MAX (integration.ts) is 10. */
  webhooksLimit: 'You already have 10 webhooks: delete one before adding another',
  webhookDisabledTest: 'This webhook is disabled: enable it before testing it',
  webhookPingsPending:
    'This webhook already has 3 test pings waiting to be delivered: let them succeed or fail, or retry one from the delivery log',
  instantStockIsKeys:
    'The stock of an instant product is its number of unsold keys: import keys to add stock',
  pendingOrdersBlockInstant:
    'This product has pending orders: answer them before making it instant',
  unsoldKeysBlockRequest: 'This product still has unsold keys: it cannot become a request product',
  // After-sale refusals (DESIGN.md §11), shown in the report and replace/refund dialogs
  backordersBlockRequest:
    'This product has backorders waiting for keys: it cannot become a request product',
  keyAlreadyReported: 'This key has already been reported',
  keyAlreadyHandled: 'This key was already replaced or refunded',
  onlyPoolKeys: 'Only keys delivered from the key pool can be reported, replaced or refunded',
  onlyCompletedOrders: 'Only the keys of a completed order can be reported, replaced or refunded',
  noReplacementKey: 'No unsold key is left to replace this one with',
  // Two-factor sign-in
  totpCodeFormat: 'Enter the 6-digit code from your authenticator app',
  totpCodeInvalid: 'The code is incorrect or has expired',
  twoFactorRequired: 'Enter the code from your authenticator app to sign in',
  twoFactorSetupRequired: 'Administrators must turn on two-factor sign-in before continuing',
  // Top-ups (DESIGN.md §13)
  ...topupMessages,
} as const;

export type MessageKey = keyof typeof messages;

const keyByText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

/** The catalogue key of a fixed English text, if it is one of ours. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}

/**
 * Texts with values in them, such as a seller's name: the server words them with `text`, and the
 * web finds the key and the values again with `pattern` (whose named groups are the values), to
 * show `messages.<key>` in the user's language with the same values.
 */
export const messageTemplates = {
  /** A unit refund refused: the seller's profit and balance together hold less than its margin. */
  marginShortfall: {
    text: ({ seller, amount }: { seller: string; amount: string }) =>
      `${seller} cannot give back the ${amount} margin this unit paid: their profit and balance together hold less`,
    pattern:
      /^(?<seller>\S+) cannot give back the (?<amount>\S+) margin this unit paid: their profit and balance together hold less$/,
  },
  /**
   * A webhook URL whose host name has no address (a typo, a name not yet published): the reader
   * must check the name, not switch to https or another address as a refused address asks.
   */
  webhookHostUnresolved: {
    text: ({ host }: { host: string }) => `The host name ${host} could not be resolved`,
    pattern: /^The host name (?<host>\S+) could not be resolved$/,
  },
  ...topupMessageTemplates,
} as const;

export type MessageTemplateKey = keyof typeof messageTemplates;

/** The values a template's text carries. */
export type MessageTemplateValues<K extends MessageTemplateKey> = Parameters<
  (typeof messageTemplates)[K]['text']
>[0];

/** The template a text was worded by, with its values, if it is one of ours. */
export function messageTemplateOf(
  text: string,
): { key: MessageTemplateKey; values: MessageTemplateValues<MessageTemplateKey> } | undefined {
  for (const [key, template] of Object.entries(messageTemplates)) {
    const groups = template.pattern.exec(text)?.groups;
    if (groups) {
      return {
        key: key as MessageTemplateKey,
        values: groups as MessageTemplateValues<MessageTemplateKey>,
      };
    }
  }
  return undefined;
}
