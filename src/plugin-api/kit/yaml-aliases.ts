import { Alias, isAlias, visit, type Document, type Node } from 'yaml';

/** The node an alias stands for: a map, a sequence or a scalar. */
export type AliasTarget = ReturnType<Alias['resolve']> & Node;

/** What the library's conversion of a document hands an alias it resolves. */
type Conversion = Parameters<Alias['resolve']>[1];

/**
 * The node each alias of `document` stands for: the last node before it, in document order, that
 * carries its anchor (an alias whose anchor comes later stands for nothing). One walk of the
 * document: the library's own answer (`Alias.resolve`) looks through every anchor and alias before
 * it, for each alias: quadratic in the number of aliases.
 */
export function aliasTargets(document: Document.Parsed): Map<Alias, AliasTarget> {
  const anchored = new Map<string, AliasTarget>();
  const targets = new Map<Alias, AliasTarget>();
  visit(document, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const target = anchored.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) anchored.set(node.anchor, node);
    },
  });
  return targets;
}

/**
 * Has each alias in `targets` find the node it stands for there when the library converts its
 * document. The library's own resolve still does the rest as it would (converts a node not yet
 * converted, counts the aliases against `maxAliasCount` and refuses too many), handed for its
 * search the one node it would find.
 */
export function resolveAliasesFrom(targets: ReadonlyMap<Alias, AliasTarget>): void {
  for (const [alias, target] of targets) {
    Object.defineProperty(alias, 'resolve', {
      configurable: true,
      writable: true,
      value(this: Alias, document: Document, conversion?: Conversion) {
        if (!conversion) return target;
        const searched = conversion.aliasResolveCache;
        conversion.aliasResolveCache = [target];
        try {
          return Alias.prototype.resolve.call(this, document, conversion);
        } finally {
          conversion.aliasResolveCache = searched;
        }
      },
    });
  }
}

/**
 * Readies a document the YAML library composed for `toJS` in time linear in its size: each alias
 * finds its node from one walk of the document.
 */
export function linkAliases(document: Document.Parsed): void {
  resolveAliasesFrom(aliasTargets(document));
}
