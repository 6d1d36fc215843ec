// solc-js ships no types; the tests use only its standard-JSON entry point.
declare module 'solc' {
  const solc: { compile(input: string): string };
  export default solc;
}
