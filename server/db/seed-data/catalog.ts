// Plans, their comparison rows, expert advisors, display currencies and the demo accounts.
import type { currencies, expertAdvisors, planFeatures, plans } from '../schema'

export const PLAN_SLUG = { BASIC: 'basic', PRO: 'pro' } as const

/** Rows of the plan comparison; each plan's `features` holds one value per row, in this order. */
export const PLAN_FEATURE_SEEDS: readonly (typeof planFeatures.$inferInsert)[] = [
  { slug: 'minimum_deposit', title: 'Minimum deposit', kind: 'amount', sortOrder: 1 },
  { slug: 'leverage', title: 'Leverage', kind: 'text', sortOrder: 2 },
  { slug: 'spreads', title: 'Spreads from', kind: 'text', sortOrder: 3 },
  { slug: 'expert_advisors', title: 'Expert advisors', kind: 'text', sortOrder: 4 },
  { slug: 'account_manager', title: 'Personal account manager', kind: 'boolean', sortOrder: 5 },
]

export const PLAN_SEEDS: readonly (typeof plans.$inferInsert)[] = [
  {
    slug: PLAN_SLUG.BASIC,
    title: 'Basic',
    color: '#3b82f6',
    icon: 'shield',
    image: null,
    leverage: 100,
    priceUsd: '250.00',
    recommended: false,
    features: ['250', '1:100', '1.5 pips', 'Free advisors', 'No'],
    sortOrder: 1,
  },
  {
    slug: PLAN_SLUG.PRO,
    title: 'Pro',
    color: '#f59e0b',
    icon: 'crown',
    image: null,
    leverage: 200,
    priceUsd: '5000.00',
    recommended: true,
    features: ['5000', '1:200', '0.6 pips', 'All advisors', 'Yes'],
    sortOrder: 2,
  },
]

type ExpertAdvisorSeed = Omit<typeof expertAdvisors.$inferInsert, 'requiredPlanId'> & {
  requiredPlan?: string
}

export const EXPERT_ADVISOR_SEEDS: readonly ExpertAdvisorSeed[] = [
  {
    slug: 'trend-rider',
    name: 'Trend Rider',
    description:
      'Follows medium-term trends on major forex pairs with a trailing stop. A good first advisor.',
    priceUsd: '0.00',
    type: 'expert_advisor',
    rating: 4.2,
    downloads: 12840,
  },
  {
    slug: 'scalper-pro',
    name: 'Scalper Pro',
    description: 'Short intraday trades on tight-spread pairs during the London and New York sessions.',
    priceUsd: '149.00',
    type: 'expert_advisor',
    rating: 4.5,
    downloads: 6310,
  },
  {
    slug: 'grid-master',
    name: 'Grid Master',
    description: 'Places a grid of pending orders around the price to harvest ranging markets.',
    priceUsd: '299.00',
    type: 'expert_advisor',
    rating: 3.9,
    downloads: 3175,
  },
  {
    slug: 'risk-guard',
    name: 'Risk Guard',
    description: 'A trade manager, not a strategy: moves stops to break-even and caps daily loss.',
    priceUsd: '49.00',
    type: 'others',
    rating: 4.7,
    downloads: 8920,
  },
  {
    slug: 'quantum-edge',
    name: 'Quantum Edge',
    description: 'Multi-asset momentum strategy across crypto, indices and metals. Pro plan only.',
    priceUsd: '499.00',
    type: 'expert_advisor',
    rating: 4.8,
    downloads: 1450,
    requiredPlan: PLAN_SLUG.PRO,
  },
]

/** Units of each currency per 1 USD. */
export const CURRENCY_SEEDS: readonly (typeof currencies.$inferInsert)[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', rate: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', rate: 0.92 },
  { code: 'GBP', name: 'British Pound', symbol: '£', rate: 0.79 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', rate: 151.5 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', rate: 0.885 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', rate: 1.36 },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', rate: 1.527 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', rate: 1550 },
  { code: 'ZAR', name: 'South African Rand', symbol: 'R', rate: 18.1 },
]

export interface DemoUserSeed {
  email: string
  password: string
  username: string
  firstName: string
  lastName: string
  role: 'customer' | 'admin'
  accountId: string
  balanceUsd: string
  plan: string | null
  /** Advisors the account owns from the start, by slug. */
  expertAdvisors: readonly string[]
  welcome: { title: string; message: string; color: string } | null
}

export const DEMO_USERS: readonly DemoUserSeed[] = [
  {
    email: 'demo@example.com',
    password: 'Demo1234!',
    username: 'demo',
    firstName: 'Demo',
    lastName: 'Trader',
    role: 'customer',
    accountId: 'CFD1000001',
    balanceUsd: '10000.00',
    plan: PLAN_SLUG.BASIC,
    expertAdvisors: ['trend-rider'],
    welcome: {
      title: 'Welcome to CFD Trader',
      message: 'Your demo account is funded with $10,000. Prices are simulated.',
      color: 'success',
    },
  },
  {
    email: 'admin@example.com',
    password: 'Admin1234!',
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    accountId: 'CFD1000002',
    balanceUsd: '0.00',
    plan: null,
    expertAdvisors: [],
    welcome: null,
  },
]
