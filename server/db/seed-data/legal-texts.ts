// The legal and help pages' text on a fresh site (decision 0022). The operator replaces it in the back office's
// Settings with their own; it is read merged over this per page, so a page added later has text on older sites too.
// Written as a broker's plain starting point, not as legal advice: paragraphs separated by blank lines, no markup.
import type { LegalTexts } from '../../../src/domain/contract'

export const DEFAULT_LEGAL_TEXTS: LegalTexts = {
  terms: [
    'These terms govern your use of this trading platform and the account you open on it. By creating an account you accept them. Please read them together with the Risk Disclosure and the Privacy Policy.',
    '1. Your account. You must be at least 18 years old and give true, complete information when you register. We may ask you to verify your identity and address before you can withdraw, and we may decline or close an account where the law requires it.',
    '2. Contracts for difference. Every position you open is a contract for difference with us: you never own the underlying asset. Prices, spreads, leverage and trading hours are shown in the platform and may change with market conditions.',
    '3. Margin and stop-out. Open positions need margin. When your margin level falls to the stop-out level, positions are closed, starting with the one with the largest loss, to protect your account. Your balance is protected from going below zero.',
    '4. Deposits and withdrawals. Money you deposit is credited once the payment is confirmed. Withdrawals are paid to a method in your own name, after review. Funds held for a withdrawal request cannot be used for trading until the request is cancelled or rejected.',
    '5. Changes. We may update these terms. We will tell you in the platform before a change takes effect; continuing to use your account after that means you accept the new terms.',
    '6. Contact. For any question about these terms, write to our support team through the chat in your account.',
  ].join('\n\n'),
  privacy: [
    'This policy explains what personal data we keep about you, why, and the choices you have.',
    'What we collect. The details you give when you register and verify your account (name, e-mail address, phone number, address, date of birth and identity documents), your trading and payment records, and technical data about the devices you sign in from.',
    'Why we use it. To open and run your account, to meet our legal duties (identity checks, record keeping, the prevention of fraud and money laundering), to keep your account secure, and to answer you when you contact us.',
    'What we never keep. Full card numbers and card security codes. Only a card’s brand, last four digits and expiry are stored.',
    'Who sees it. Our staff who need it for their work, and service providers bound to protect it (payment and identity-check providers). We never sell your data.',
    'How long. For as long as your account is open, and afterwards for the period the law requires us to keep records.',
    'Your rights. You can ask for a copy of your data, ask us to correct it, or ask us to delete what we are not required to keep. Write to our support team through the chat in your account.',
  ].join('\n\n'),
  'risk-disclosure': [
    'Contracts for difference are complex instruments and come with a high risk of losing money rapidly due to leverage. A large share of retail investor accounts lose money when trading CFDs. You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.',
    'Leverage. A small price movement can lead to a large loss, or gain, relative to the margin you put up. Losses can exceed a single position’s margin; your account balance is protected from going below zero.',
    'Volatility and gaps. Prices can move sharply, and markets can open at a price far from their last close. A stop-loss order is not guaranteed to close a position at its price.',
    'Costs. Spreads, and any overnight financing, reduce your result. They are shown before you trade.',
    'No advice. Nothing on this platform is investment advice. Past performance, including that of expert advisors sold in the marketplace, is not a guide to future results.',
  ].join('\n\n'),
  help: [
    'Getting started. After you register, your account may wait for approval by our client management team; the page tells you when it is ready. Then open the trading workspace from your dashboard.',
    'Funding your account. Open Deposit from the dashboard or the workspace header. Card deposits are credited at once; crypto deposits after the network’s confirmations; bank wires when the transfer reaches us.',
    'Withdrawing. Withdrawals need a verified identity (level 2 on the Verification page). The amount is held as soon as you ask, and every status change shows on the Withdrawal page.',
    'Trading. Pick a market in the market watch, set the volume and choose Buy or Sell. Your open positions, their profit or loss and your margin level are in the bottom panel.',
    'Security. Turn on two-factor sign-in in Settings, where you can also see and sign out your other sessions.',
    'Talk to us. Our support team answers in the chat in your account.',
  ].join('\n\n'),
}
