import type { AuthStrings } from './zh-CN.ts';

export const authEn: AuthStrings = {
  platform: 'Government Procurement Green Building Materials AI Management Platform',
  login: {
    routeTitle: 'Sign in',
    heading: 'Sign in',
    welcome: 'Welcome to Jiancai Bangbang. Sign in with your mobile number.',
    intro:
      'One platform for the whole green-material procurement process: product certification, city listing, supply traceability and procurement statistics.',
    points: {
      certified: 'Green material certification and city listing review',
      trace: 'Traceability from factory to construction site',
      procurement: 'Procurement demand standards and statistics',
    },
    mobile: 'Mobile number',
    mobilePlaceholder: 'Enter your mobile number',
    mobileRequired: 'Enter your mobile number',
    mobileInvalid: 'Enter a valid mobile number',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    passwordRequired: 'Enter your password',
    showPassword: 'Show password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    throttled: 'Too many failed attempts. Try again in 15 minutes.',
    failed: 'Sign-in failed',
    help: 'Forgot your password? Ask your organisation administrator to reset it.',
    joinTitle: 'How a new organisation joins',
    joinDefault:
      'Accounts are opened by the platform: manufacturers, distributors, construction and supervision units and developers contact their city’s housing and construction committee or the 建材帮帮 platform operator with the organisation’s name and its administrator’s mobile number. After signing in, submit the business licence under Organisation certification; once it is approved the console is yours.',
    publicLinks: 'Public services, no sign-in needed',
    catalogue: 'City green building materials catalogue',
    certificateCheck: 'Certificate check',
    copyright: 'Jiancai Bangbang · Green Building Materials Procurement Platform',
    language: '中文',
  },
  password: {
    title: 'Change password',
    description:
      'Change your password regularly. After the change, sign-ins on other devices end; this one stays signed in.',
    old: 'Current password',
    oldPlaceholder: 'Enter your current password',
    new: 'New password',
    newPlaceholder: 'Enter a new password',
    rule: '8–32 characters with at least three of: upper case, lower case, digits, symbols',
    sameAsOld: 'The new password must differ from the current one',
    confirm: 'Confirm new password',
    confirmPlaceholder: 'Enter the new password again',
    confirmRequired: 'Enter the new password again',
    mismatch: 'The two new passwords do not match',
    submit: 'Change password',
    reset: 'Reset',
    success: 'Password changed. Sign-ins on other devices have ended.',
  },
  remote: {
    title: 'Sign-in environment changed',
    content:
      'Your account was signed in from another environment and this session has ended. If it was not you, your password may have leaked: change it now.',
    changePassword: 'Change password',
    cancel: 'Cancel',
  },
};

export default authEn;
