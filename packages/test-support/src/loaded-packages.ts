import { isBuiltin, registerHooks } from 'node:module';

/**
 * For a probe process (run by packagesLoadedBy): from now on, records the name of every package
 * imported, by anyone, as the resolver sees its specifier. Node's built-ins are left out. Import
 * this module alone (`@toolgate/test-support/loaded-packages`): the package's main entry loads
 * Playwright and more, which a probe must not confuse with what it watches.
 */
export function recordLoadedPackages(): Set<string> {
  const loaded = new Set<string>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const name = /^(@[^/]+\/[^/]+|[^./][^/:]*)(?=\/|$)/.exec(specifier)?.[1];
      if (name && !isBuiltin(specifier)) loaded.add(name);
      return nextResolve(specifier, context);
    },
  });
  return loaded;
}

/** Ends a probe: prints what it saw as a sorted JSON array, which packagesLoadedBy reads. */
export function reportLoadedPackages(loaded: Set<string>): void {
  process.stdout.write(JSON.stringify([...loaded].sort()));
}
