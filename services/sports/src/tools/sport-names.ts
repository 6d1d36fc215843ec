/** TheSportsDB's sport names, which its `s` filter needs spelled exactly. */
export const SPORTS = [
  'Soccer', 'American Football', 'Australian Football', 'Baseball', 'Basketball', 'Ice Hockey', 'Field Hockey', 'Rugby',
  'Cricket', 'Tennis', 'Golf', 'Motorsport', 'Fighting', 'Cycling', 'Volleyball', 'Handball', 'Netball', 'Darts',
  'Snooker', 'Esports', 'Athletics', 'Badminton', 'Table Tennis', 'Lacrosse', 'Skiing', 'Winter Sports', 'Gymnastics',
  'Equestrian', 'Shooting', 'Watersports', 'Weightlifting', 'Climbing', 'Multi Sports', 'Extreme Sports',
] as const;

// Common names a model is likely to use. "football" and "hockey" are left out: they mean
// different sports in different countries.
const ALIASES: Record<string, string> = {
  'association football': 'Soccer',
  'nfl football': 'American Football',
  'gridiron': 'American Football',
  'motor sport': 'Motorsport',
  'motorsports': 'Motorsport',
  'mma': 'Fighting',
  'boxing': 'Fighting',
  'e-sports': 'Esports',
  'esport': 'Esports',
};

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
const byName = new Map<string, string>([...SPORTS.map((sport) => [normalise(sport), sport] as const), ...Object.entries(ALIASES)]);

/** `ice hockey` → `Ice Hockey`; unknown → undefined. */
export function canonicalSport(name: string): string | undefined {
  return byName.get(normalise(name));
}
