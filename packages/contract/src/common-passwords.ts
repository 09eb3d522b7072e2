import { dictionary } from '@zxcvbn-ts/language-common';
import { registerCommonPasswords } from './passwords.js';

// Importing this module turns on the common-password check of passwords.ts (issue 16 point 8). The list ships with
// the package (zxcvbn-ts's "passwords-common" dictionary); nothing is fetched. Passwords shorter than the minimum
// are refused for their length already, so only the longer entries are kept.
registerCommonPasswords(dictionary['passwords-common'].filter((password) => password.length >= 10));
