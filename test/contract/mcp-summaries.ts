/** One call per tool and the exact Swedish/English summary (the first text block) it answers: names, never codes. */
export const SUMMARIES: { tool: string; arguments: Record<string, unknown>; text: string }[] = [
  {
    tool: "describe_day",
    arguments: { date: "2026-06-19" },
    text: "2026-06-19 (fredag/Friday): Midsommarafton / Midsummer Eve, de facto-helgdag, ledig dag / de facto holiday, day off; vecka/week 25.",
  },
  {
    tool: "list_holidays",
    arguments: { year: 2024 },
    text:
      "2024: 18 dagar, varav 18 med namn / 18 days, 18 named.\n" +
      "2024-01-01 (måndag/Monday): Nyårsdagen / New Year's Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-01-06 (lördag/Saturday): Trettondedag jul / Epiphany, helgdag, ledig dag / public holiday, day off\n" +
      "2024-03-29 (fredag/Friday): Långfredagen / Good Friday, helgdag, ledig dag / public holiday, day off\n" +
      "2024-03-30 (lördag/Saturday): Påskafton / Easter Eve, de facto-helgdag, ledig dag / de facto holiday, day off\n" +
      "2024-03-31 (söndag/Sunday): Påskdagen / Easter Sunday, helgdag, ledig dag / public holiday, day off\n" +
      "2024-04-01 (måndag/Monday): Annandag påsk / Easter Monday, helgdag, ledig dag / public holiday, day off\n" +
      "2024-05-01 (onsdag/Wednesday): Första maj / May Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-05-09 (torsdag/Thursday): Kristi himmelsfärdsdag / Ascension Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-05-18 (lördag/Saturday): Pingstafton / Whitsun Eve, de facto-helgdag, ledig dag / de facto holiday, day off\n" +
      "2024-05-19 (söndag/Sunday): Pingstdagen / Whit Sunday, helgdag, ledig dag / public holiday, day off\n" +
      "2024-06-06 (torsdag/Thursday): Sveriges nationaldag / National Day of Sweden, helgdag, ledig dag / public holiday, day off\n" +
      "2024-06-21 (fredag/Friday): Midsommarafton / Midsummer Eve, de facto-helgdag, ledig dag / de facto holiday, day off\n" +
      "2024-06-22 (lördag/Saturday): Midsommardagen / Midsummer Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-11-02 (lördag/Saturday): Alla helgons dag / All Saints' Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-12-24 (tisdag/Tuesday): Julafton / Christmas Eve, de facto-helgdag, ledig dag / de facto holiday, day off\n" +
      "2024-12-25 (onsdag/Wednesday): Juldagen / Christmas Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-12-26 (torsdag/Thursday): Annandag jul / Boxing Day, helgdag, ledig dag / public holiday, day off\n" +
      "2024-12-31 (tisdag/Tuesday): Nyårsafton / New Year's Eve, de facto-helgdag, ledig dag / de facto holiday, day off",
  },
  {
    tool: "bridge_and_half_days",
    arguments: { year: 2026 },
    text: "2026: 3 klämdagar/bridge days (2026-01-02, 2026-01-05, 2026-05-15); 6 halvdagar/half days (2026-01-05, 2026-04-02, 2026-04-30, 2026-05-13, 2026-06-05, 2026-10-30).",
  },
  {
    tool: "count_period",
    arguments: { from: "2026-01-01", to: "2026-12-31" },
    text: "2026-01-01..2026-12-31 (inclusive): 365 kalenderdagar/calendar days, 251 arbetsdagar/working days, 114 lediga dagar/days off (18 lediga helgdagar/holidays off, 96 vanliga lördagar och söndagar/plain weekend days), 3 klämdagar/bridge days, 6 halvdagar/half days; längd/duration 1 år/years 0 mån/months 0 dagar/days.",
  },
  {
    tool: "shift_date",
    arguments: { date: "2026-06-18", steps: "1d", postpone: true },
    text: "2026-06-18 +1d → 2026-06-22 (måndag/Monday): arbetsdag / working day (flyttad från/moved from 2026-06-19 enligt söndagsregeln/by the Sunday rule).",
  },
  {
    tool: "long_weekends",
    arguments: { year: 2026 },
    text:
      "2026: 7 långhelger/long weekends.\n" +
      "2026-01-03..2026-01-06: 4 dagar/days (Trettondedag jul / Epiphany), ta ledigt/take off 2026-01-05\n" +
      "2026-04-03..2026-04-06: 4 dagar/days (Långfredagen, Påskafton, Påskdagen, Annandag påsk / Good Friday, Easter Eve, Easter Sunday, Easter Monday)\n" +
      "2026-05-01..2026-05-03: 3 dagar/days (Första maj / May Day)\n" +
      "2026-05-14..2026-05-17: 4 dagar/days (Kristi himmelsfärdsdag / Ascension Day), ta ledigt/take off 2026-05-15\n" +
      "2026-06-19..2026-06-21: 3 dagar/days (Midsommarafton, Midsommardagen / Midsummer Eve, Midsummer Day)\n" +
      "2026-12-24..2026-12-27: 4 dagar/days (Julafton, Juldagen, Annandag jul / Christmas Eve, Christmas Day, Boxing Day)\n" +
      "2026-12-31..2027-01-03: 4 dagar/days (Nyårsafton, Nyårsdagen / New Year's Eve, New Year's Day)",
  },
  {
    tool: "plan_leave",
    arguments: { from: "2026-04-01", to: "2026-06-30", days: 3, objective: "longest" },
    text:
      "2026-04-01..2026-06-30 (longest): 3 semesterdagar ger 7 lediga dagar / 3 leave days give 7 days off.\n" +
      "2026-04-01..2026-04-07: 7 dagar/days, semesterdagar/leave days 2026-04-01, 2026-04-02, 2026-04-07",
  },
  {
    tool: "observance",
    arguments: { code: "nationalDay", from: 2000, to: 2010 },
    text: "Sveriges nationaldag / National Day of Sweden (helgdag / public holiday): 6 dagar/days: 2005-06-06 (måndag/Monday), 2006-06-06 (tisdag/Tuesday), 2007-06-06 (onsdag/Wednesday), 2008-06-06 (fredag/Friday), 2009-06-06 (lördag/Saturday), 2010-06-06 (söndag/Sunday).",
  },
  {
    tool: "adjust_date",
    arguments: { date: "2029-06-06", convention: "nearest" },
    text: "2029-06-06 (nearest) → 2029-06-07 (torsdag/Thursday): arbetsdag / working day.",
  },
  {
    tool: "due_dates",
    arguments: { year: 2026, schedule: "child-benefit" },
    text:
      "2026, Barnbidrag / Child benefit (child-benefit, preceding): 2026-01-20; 2026-02-20; 2026-03-20; 2026-04-20; 2026-05-20; " +
      "2026-06-18 (flyttad från/moved from 2026-06-20, lördag/Saturday, Midsommardagen / Midsummer Day); 2026-07-20; 2026-08-20; " +
      "2026-09-18 (flyttad från/moved from 2026-09-20, söndag/Sunday); 2026-10-20; 2026-11-20; " +
      "2026-12-18 (flyttad från/moved from 2026-12-20, söndag/Sunday).",
  },
  {
    tool: "flag_days",
    arguments: { year: 2026 },
    text:
      "2026: 18 allmänna flaggdagar/official flag days.\n" +
      "2026-01-01 (torsdag/Thursday): Nyårsdagen / New Year's Day\n" +
      "2026-01-28 (onsdag/Wednesday): Konungens namnsdag / The King's name day\n" +
      "2026-03-12 (torsdag/Thursday): Kronprinsessans namnsdag / The Crown Princess's name day\n" +
      "2026-04-05 (söndag/Sunday): Påskdagen / Easter Sunday\n" +
      "2026-04-30 (torsdag/Thursday): Konungens födelsedag / The King's birthday\n" +
      "2026-05-01 (fredag/Friday): Första maj / May Day\n" +
      "2026-05-24 (söndag/Sunday): Pingstdagen / Whit Sunday\n" +
      "2026-05-29 (fredag/Friday): Veterandagen / Veterans Day\n" +
      "2026-06-06 (lördag/Saturday): Sveriges nationaldag och svenska flaggans dag / National Day of Sweden and Swedish Flag Day\n" +
      "2026-06-20 (lördag/Saturday): Midsommardagen / Midsummer Day\n" +
      "2026-07-14 (tisdag/Tuesday): Kronprinsessans födelsedag / The Crown Princess's birthday\n" +
      "2026-08-08 (lördag/Saturday): Drottningens namnsdag / The Queen's name day\n" +
      "2026-09-13 (söndag/Sunday): Dag för val till riksdagen / Riksdag election day\n" +
      "2026-10-24 (lördag/Saturday): FN-dagen / United Nations Day\n" +
      "2026-11-06 (fredag/Friday): Gustav Adolfsdagen / Gustavus Adolphus Day\n" +
      "2026-12-10 (torsdag/Thursday): Nobeldagen / Nobel Day\n" +
      "2026-12-23 (onsdag/Wednesday): Drottningens födelsedag / The Queen's birthday\n" +
      "2026-12-25 (fredag/Friday): Juldagen / Christmas Day",
  },
  {
    tool: "working_time",
    arguments: { year: 2026, profile: "state" },
    text:
      "2026, 40 h/vecka/week (480 min/dag/day), Statligt anställda med kontorsarbetstid / State employees with office hours: 251 arbetsdagar/working days, 1996.00 h.\n" +
      "januari/January 2026: 20 arbetsdagar/working days, 156.00 h (förkortade/shortened: 2026-01-05 Trettondagsafton / Twelfth Night −240 min)\n" +
      "februari/February 2026: 20 arbetsdagar/working days, 160.00 h\n" +
      "mars/March 2026: 22 arbetsdagar/working days, 176.00 h\n" +
      "april/April 2026: 20 arbetsdagar/working days, 156.00 h (förkortade/shortened: 2026-04-02 Skärtorsdagen / Maundy Thursday −120 min, 2026-04-30 Valborgsmässoafton / Walpurgis Night −120 min)\n" +
      "maj/May 2026: 19 arbetsdagar/working days, 152.00 h\n" +
      "juni/June 2026: 21 arbetsdagar/working days, 168.00 h\n" +
      "juli/July 2026: 23 arbetsdagar/working days, 184.00 h\n" +
      "augusti/August 2026: 21 arbetsdagar/working days, 168.00 h\n" +
      "september/September 2026: 22 arbetsdagar/working days, 176.00 h\n" +
      "oktober/October 2026: 22 arbetsdagar/working days, 172.00 h (förkortade/shortened: 2026-10-30 Allhelgonaafton / All Saints' Eve −240 min)\n" +
      "november/November 2026: 21 arbetsdagar/working days, 168.00 h\n" +
      "december/December 2026: 20 arbetsdagar/working days, 160.00 h",
  },
];
