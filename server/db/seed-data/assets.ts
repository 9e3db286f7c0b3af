// The seeded instruments: 100 assets over the six classes, with rates near real market levels (late 2024) so the
// simulator, margins and charts look plausible. `asset_id` is the price feed's id; it never changes once seeded.
import type { AssetType } from '../../../src/domain/contract'
import type { assets } from '../schema'

export type AssetSeed = typeof assets.$inferInsert

/** [symbol, name, category, tv_symbol, rate] — sy and symbol_display are derived per class. */
type Row = readonly [symbol: string, name: string, category: string, tvSymbol: string, rateQuote: number]

interface ClassDefaults {
  type: AssetType
  spread: number
  contractSize: number
  /** Typical share of the rate a day's range spans, used for the seeded 24 h low/high. */
  dailyRange: number
  /** 'pair' shows EURUSD as EUR/USD; 'ticker' shows the symbol as it is. */
  display: 'pair' | 'ticker'
}

const FOREX: readonly Row[] = [
  ['EURUSD', 'Euro / US Dollar', 'Majors', 'FX:EURUSD', 1.085],
  ['GBPUSD', 'British Pound / US Dollar', 'Majors', 'FX:GBPUSD', 1.27],
  ['USDJPY', 'US Dollar / Japanese Yen', 'Majors', 'FX:USDJPY', 151.5],
  ['USDCHF', 'US Dollar / Swiss Franc', 'Majors', 'FX:USDCHF', 0.885],
  ['AUDUSD', 'Australian Dollar / US Dollar', 'Majors', 'FX:AUDUSD', 0.655],
  ['USDCAD', 'US Dollar / Canadian Dollar', 'Majors', 'FX:USDCAD', 1.36],
  ['NZDUSD', 'New Zealand Dollar / US Dollar', 'Majors', 'FX:NZDUSD', 0.6],
  ['EURGBP', 'Euro / British Pound', 'Crosses', 'FX:EURGBP', 0.855],
  ['EURJPY', 'Euro / Japanese Yen', 'Crosses', 'FX:EURJPY', 164.4],
  ['GBPJPY', 'British Pound / Japanese Yen', 'Crosses', 'FX:GBPJPY', 192.4],
  ['AUDJPY', 'Australian Dollar / Japanese Yen', 'Crosses', 'FX:AUDJPY', 99.25],
  ['EURCHF', 'Euro / Swiss Franc', 'Crosses', 'FX:EURCHF', 0.96],
  ['EURAUD', 'Euro / Australian Dollar', 'Crosses', 'FX:EURAUD', 1.656],
  ['EURCAD', 'Euro / Canadian Dollar', 'Crosses', 'FX:EURCAD', 1.475],
  ['GBPCHF', 'British Pound / Swiss Franc', 'Crosses', 'FX:GBPCHF', 1.124],
  ['CADJPY', 'Canadian Dollar / Japanese Yen', 'Crosses', 'FX:CADJPY', 111.4],
  ['CHFJPY', 'Swiss Franc / Japanese Yen', 'Crosses', 'FX:CHFJPY', 171.2],
  ['NZDJPY', 'New Zealand Dollar / Japanese Yen', 'Crosses', 'FX:NZDJPY', 90.9],
  ['AUDNZD', 'Australian Dollar / New Zealand Dollar', 'Crosses', 'FX:AUDNZD', 1.092],
  ['GBPAUD', 'British Pound / Australian Dollar', 'Crosses', 'FX:GBPAUD', 1.939],
  ['AUDCAD', 'Australian Dollar / Canadian Dollar', 'Crosses', 'FX:AUDCAD', 0.891],
  ['USDTRY', 'US Dollar / Turkish Lira', 'Exotics', 'FX:USDTRY', 34.4],
  ['USDZAR', 'US Dollar / South African Rand', 'Exotics', 'FX:USDZAR', 18.1],
  ['USDMXN', 'US Dollar / Mexican Peso', 'Exotics', 'FX:USDMXN', 20.3],
  ['USDSGD', 'US Dollar / Singapore Dollar', 'Exotics', 'FX:USDSGD', 1.345],
  ['USDHKD', 'US Dollar / Hong Kong Dollar', 'Exotics', 'FX:USDHKD', 7.782],
  ['USDNOK', 'US Dollar / Norwegian Krone', 'Exotics', 'FX:USDNOK', 11.05],
  ['USDSEK', 'US Dollar / Swedish Krona', 'Exotics', 'FX:USDSEK', 10.95],
]

const CRYPTO: readonly Row[] = [
  ['BTCUSD', 'Bitcoin', 'Layer 1', 'BITSTAMP:BTCUSD', 97250],
  ['ETHUSD', 'Ethereum', 'Layer 1', 'BITSTAMP:ETHUSD', 3420],
  ['XRPUSD', 'XRP', 'Payments', 'BITSTAMP:XRPUSD', 2.2],
  ['LTCUSD', 'Litecoin', 'Payments', 'BITSTAMP:LTCUSD', 104.5],
  ['BCHUSD', 'Bitcoin Cash', 'Payments', 'BITSTAMP:BCHUSD', 452],
  ['ADAUSD', 'Cardano', 'Layer 1', 'COINBASE:ADAUSD', 0.95],
  ['SOLUSD', 'Solana', 'Layer 1', 'COINBASE:SOLUSD', 192],
  ['DOGEUSD', 'Dogecoin', 'Meme', 'COINBASE:DOGEUSD', 0.32],
  ['DOTUSD', 'Polkadot', 'Layer 1', 'COINBASE:DOTUSD', 6.9],
  ['LINKUSD', 'Chainlink', 'DeFi', 'BITSTAMP:LINKUSD', 20.4],
  ['AVAXUSD', 'Avalanche', 'Layer 1', 'COINBASE:AVAXUSD', 36.5],
  ['UNIUSD', 'Uniswap', 'DeFi', 'COINBASE:UNIUSD', 12.6],
  ['XLMUSD', 'Stellar', 'Payments', 'BITSTAMP:XLMUSD', 0.42],
  ['ATOMUSD', 'Cosmos', 'Layer 1', 'COINBASE:ATOMUSD', 6.5],
  ['BNBUSD', 'BNB', 'Exchange', 'BINANCE:BNBUSD', 690],
  ['TRXUSD', 'TRON', 'Layer 1', 'BINANCE:TRXUSD', 0.25],
  ['ETCUSD', 'Ethereum Classic', 'Layer 1', 'COINBASE:ETCUSD', 26.8],
  ['SHIBUSD', 'Shiba Inu', 'Meme', 'COINBASE:SHIBUSD', 0.0000221],
]

const STOCKS: readonly Row[] = [
  ['AAPL', 'Apple Inc.', 'Technology', 'NASDAQ:AAPL', 228.5],
  ['MSFT', 'Microsoft Corporation', 'Technology', 'NASDAQ:MSFT', 425.2],
  ['AMZN', 'Amazon.com Inc.', 'Consumer', 'NASDAQ:AMZN', 220.1],
  ['GOOGL', 'Alphabet Inc. Class A', 'Communication', 'NASDAQ:GOOGL', 190.3],
  ['META', 'Meta Platforms Inc.', 'Communication', 'NASDAQ:META', 601.4],
  ['TSLA', 'Tesla Inc.', 'Consumer', 'NASDAQ:TSLA', 402.7],
  ['NVDA', 'NVIDIA Corporation', 'Technology', 'NASDAQ:NVDA', 138.6],
  ['NFLX', 'Netflix Inc.', 'Communication', 'NASDAQ:NFLX', 905.1],
  ['AMD', 'Advanced Micro Devices Inc.', 'Technology', 'NASDAQ:AMD', 125.4],
  ['INTC', 'Intel Corporation', 'Technology', 'NASDAQ:INTC', 20.1],
  ['ADBE', 'Adobe Inc.', 'Technology', 'NASDAQ:ADBE', 440.8],
  ['PYPL', 'PayPal Holdings Inc.', 'Financials', 'NASDAQ:PYPL', 85.3],
  ['CSCO', 'Cisco Systems Inc.', 'Technology', 'NASDAQ:CSCO', 59.2],
  ['PEP', 'PepsiCo Inc.', 'Consumer Staples', 'NASDAQ:PEP', 151.7],
  ['COST', 'Costco Wholesale Corporation', 'Consumer Staples', 'NASDAQ:COST', 931.5],
  ['JPM', 'JPMorgan Chase & Co.', 'Financials', 'NYSE:JPM', 245.6],
  ['BAC', 'Bank of America Corporation', 'Financials', 'NYSE:BAC', 45.2],
  ['V', 'Visa Inc.', 'Financials', 'NYSE:V', 315.4],
  ['MA', 'Mastercard Inc.', 'Financials', 'NYSE:MA', 525.9],
  ['WMT', 'Walmart Inc.', 'Consumer Staples', 'NYSE:WMT', 92.4],
  ['KO', 'The Coca-Cola Company', 'Consumer Staples', 'NYSE:KO', 63.1],
  ['DIS', 'The Walt Disney Company', 'Communication', 'NYSE:DIS', 112.3],
  ['NKE', 'Nike Inc.', 'Consumer', 'NYSE:NKE', 76.2],
  ['XOM', 'Exxon Mobil Corporation', 'Energy', 'NYSE:XOM', 108.4],
  ['JNJ', 'Johnson & Johnson', 'Healthcare', 'NYSE:JNJ', 147.3],
  ['PFE', 'Pfizer Inc.', 'Healthcare', 'NYSE:PFE', 26.1],
  ['BA', 'The Boeing Company', 'Industrials', 'NYSE:BA', 175.8],
  ['MCD', "McDonald's Corporation", 'Consumer', 'NYSE:MCD', 295.6],
  ['IBM', 'International Business Machines', 'Technology', 'NYSE:IBM', 225.4],
  ['ORCL', 'Oracle Corporation', 'Technology', 'NYSE:ORCL', 175.9],
]

// docs/product/README.md#what-the-product-is: indices are offered as the ETFs that track them.
const INDICES: readonly Row[] = [
  ['SPY', 'SPDR S&P 500 ETF Trust', 'US', 'AMEX:SPY', 591.2],
  ['QQQ', 'Invesco QQQ Trust (Nasdaq 100)', 'US', 'NASDAQ:QQQ', 515.6],
  ['DIA', 'SPDR Dow Jones Industrial Average ETF', 'US', 'AMEX:DIA', 429.8],
  ['IWM', 'iShares Russell 2000 ETF', 'US', 'AMEX:IWM', 224.3],
  ['VTI', 'Vanguard Total Stock Market ETF', 'US', 'AMEX:VTI', 295.1],
  ['EWU', 'iShares MSCI United Kingdom ETF', 'International', 'AMEX:EWU', 34.2],
  ['EWG', 'iShares MSCI Germany ETF', 'International', 'AMEX:EWG', 33.4],
  ['EWJ', 'iShares MSCI Japan ETF', 'International', 'AMEX:EWJ', 70.1],
  ['FXI', 'iShares China Large-Cap ETF', 'International', 'AMEX:FXI', 30.2],
  ['EEM', 'iShares MSCI Emerging Markets ETF', 'International', 'AMEX:EEM', 43.1],
]

const COMMODITIES: readonly Row[] = [
  ['USOIL', 'WTI Crude Oil', 'Energy', 'TVC:USOIL', 71.8],
  ['UKOIL', 'Brent Crude Oil', 'Energy', 'TVC:UKOIL', 75.6],
  ['NATGAS', 'Natural Gas', 'Energy', 'NYMEX:NG1!', 3.42],
  ['CORN', 'Corn', 'Agriculture', 'CBOT:ZC1!', 4.55],
  ['WHEAT', 'Wheat', 'Agriculture', 'CBOT:ZW1!', 5.45],
  ['SOYBEAN', 'Soybeans', 'Agriculture', 'CBOT:ZS1!', 10.1],
  ['COFFEE', 'Coffee', 'Softs', 'ICEUS:KC1!', 3.2],
  ['SUGAR', 'Sugar', 'Softs', 'ICEUS:SB1!', 0.19],
]

const METALS: readonly Row[] = [
  ['XAUUSD', 'Gold / US Dollar', 'Precious', 'OANDA:XAUUSD', 2652.4],
  ['XAGUSD', 'Silver / US Dollar', 'Precious', 'OANDA:XAGUSD', 30.55],
  ['XPTUSD', 'Platinum / US Dollar', 'Precious', 'OANDA:XPTUSD', 951.2],
  ['XPDUSD', 'Palladium / US Dollar', 'Precious', 'OANDA:XPDUSD', 1001.5],
  ['XAUEUR', 'Gold / Euro', 'Precious', 'OANDA:XAUEUR', 2448.9],
  ['COPPER', 'Copper', 'Industrial', 'COMEX:HG1!', 4.15],
]

// Contract sizes follow the usual CFD specifications: a standard forex lot, one coin or share, and the exchange's
// unit for commodities (1,000 barrels of oil, 5,000 bushels of grain, 100 troy ounces of gold).
const CONTRACT_SIZE_OVERRIDES: Readonly<Record<string, number>> = {
  USOIL: 1000,
  UKOIL: 1000,
  NATGAS: 10000,
  CORN: 5000,
  WHEAT: 5000,
  SOYBEAN: 5000,
  COFFEE: 37500,
  SUGAR: 112000,
  XAUUSD: 100,
  XAUEUR: 100,
  XAGUSD: 5000,
  XPTUSD: 50,
  XPDUSD: 100,
  COPPER: 25000,
}

// Exotic pairs move hard and gap over weekends; brokers cap their leverage below the class default.
const LEVERAGE_OVERRIDES: Readonly<Record<string, number>> = {
  USDTRY: 20,
  USDZAR: 50,
  USDMXN: 50,
}

const CLASSES: readonly (readonly [ClassDefaults, readonly Row[]])[] = [
  [{ type: 'forex', spread: 0.00008, contractSize: 100000, dailyRange: 0.006, display: 'pair' }, FOREX],
  [{ type: 'crypto', spread: 0.0015, contractSize: 1, dailyRange: 0.045, display: 'pair' }, CRYPTO],
  [{ type: 'stocks', spread: 0.0004, contractSize: 1, dailyRange: 0.02, display: 'ticker' }, STOCKS],
  [{ type: 'indices', spread: 0.0003, contractSize: 1, dailyRange: 0.012, display: 'ticker' }, INDICES],
  [
    { type: 'commodities', spread: 0.0006, contractSize: 1, dailyRange: 0.02, display: 'ticker' },
    COMMODITIES,
  ],
  [{ type: 'metals', spread: 0.0003, contractSize: 1, dailyRange: 0.012, display: 'pair' }, METALS],
]

/** A stable pseudo-random fraction in [0, 1) per symbol, so reseeding gives the same figures. */
function unitHash(text: string): number {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return (hash >>> 0) / 2 ** 32
}

function pairDisplay(symbol: string): string {
  return /^[A-Z]{6}$/.test(symbol) ? `${symbol.slice(0, 3)}/${symbol.slice(3)}` : symbol
}

const roundQuote = (value: number) => Number(value.toPrecision(10))

function toSeed(defaults: ClassDefaults, [symbol, name, category, tvSymbol, rate]: Row): AssetSeed {
  const display = defaults.display === 'pair' ? pairDisplay(symbol) : symbol
  const unit = unitHash(symbol)
  const changePercent = (unit - 0.5) * defaults.dailyRange * 100
  const openQuote = rate / (1 + changePercent / 100)
  const exotic = category === 'Exotics'
  return {
    assetId: symbol.toLowerCase(),
    name,
    symbol,
    symbolDisplay: display,
    sy: display,
    type: defaults.type,
    category,
    image: null,
    tvSymbol,
    rate,
    priceLow: roundQuote(Math.min(rate, openQuote) * (1 - defaults.dailyRange * 0.3)),
    priceHigh: roundQuote(Math.max(rate, openQuote) * (1 + defaults.dailyRange * 0.3)),
    change: roundQuote(rate - openQuote),
    changePercent: Number(changePercent.toFixed(4)),
    volume: Math.round(1_000_000 + unit * 250_000_000),
    buySpread: exotic ? defaults.spread * 6 : defaults.spread,
    sellSpread: exotic ? defaults.spread * 6 : defaults.spread,
    contractSize: CONTRACT_SIZE_OVERRIDES[symbol] ?? defaults.contractSize,
    position: 1000,
    leverage: LEVERAGE_OVERRIDES[symbol] ?? null,
  }
}

export const ASSET_SEEDS: readonly AssetSeed[] = CLASSES.flatMap(([defaults, rows]) =>
  rows.map((row) => toSeed(defaults, row)),
)
