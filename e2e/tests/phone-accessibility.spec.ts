import { defineAxeJourneys } from './axe.js';

// Issue 21 point 12 (decision 020): no serious or critical axe (WCAG 2.2 AA) violation on the main pages and
// dialogs at 390x844, and the keyboard reaches the password toggle and keeps focus in the Book Ticket dialog.
defineAxeJourneys('390x844');
