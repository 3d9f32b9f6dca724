import { kurelErrors } from '../../plugin-api/index.js';
import { kustomizationFileText, objectFileName, objectFileText, type IntentAnnotations } from './layout-files.js';
import type { ComponentLayout, LayoutBundle, LayoutObject, LayoutPlan, PlannedFolder, TreeIndex } from './model.js';

// What the Flux tree and the Argo CD tree share: the folders, one file per object, the
// `kustomization.yaml` of every folder, and the refusals that keep one owner per file and name.
// Each layout adds the objects that apply the folders (Flux Kustomizations, Argo CD Applications).

export function joinPath(...parts: string[]): string {
  return parts.filter((part) => part !== '.' && part !== '').join('/') || '.';
}

export interface Folder extends PlannedFolder {
  own: Set<string>;
  children: string[];
}

/** Where a delivery object's name came from, for a refusal of it. */
export type NameSource = LayoutBundle['where'];

export class LayoutFolders {
  private readonly folders = new Map<string, Folder>();
  private readonly files = new Map<string, string>();
  /** Each generated delivery object's name and what it applies: two owners of one name are refused. */
  readonly owners = new Map<string, string>();

  constructor(
    readonly top: string,
    private readonly intents: IntentAnnotations,
  ) {}

  folder(path: string, appliedBy?: string): Folder {
    let found = this.folders.get(path);
    if (!found) {
      found = { path, resources: [], appliedBy, objects: [], own: new Set(), children: [] };
      this.folders.set(path, found);
    }
    return found;
  }

  addFile(into: Folder, name: string, content: string, describe: string): string {
    const path = joinPath(into.path, name);
    if (this.files.has(path)) throw kurelErrors.collision(`layout "${into.path}": two objects would be written to ${name} (${describe} is the second); rename one of them`);
    this.files.set(path, content);
    into.own.add(name);
    return path;
  }

  placeObjects(into: Folder, objects: readonly LayoutObject[]): void {
    for (const entry of objects) {
      const name = objectFileName(entry.object);
      const { kind, metadata } = entry.object;
      this.addFile(into, name, objectFileText(entry, this.intents), `${kind} ${metadata.namespace ? `${metadata.namespace}/` : ''}${metadata.name}`);
      into.objects.push({ file: name, kind, namespace: metadata.namespace, name: metadata.name });
    }
  }

  /** Holds a generated delivery object's name unique in the tree. */
  claimName(kind: string, name: string, owner: string): void {
    const first = this.owners.get(name);
    if (first !== undefined) throw kurelErrors.collision(`${kind} name "${name}" is used by both ${first} and ${owner}; give one of them another name`);
    this.owners.set(name, owner);
  }

  /**
   * A bundle's folder: its objects, and each component layout a plain subfolder it lists, applied
   * with it. `refuseHookGroups` says why two hook groups or more cannot be ordered that way.
   */
  placeBundle(bundle: LayoutBundle, dir: string, refuseHookGroups: (layoutDir: string, layout: ComponentLayout) => Error): Folder {
    const into = this.folder(dir, bundle.name);
    this.placeObjects(into, bundle.objects);
    for (const layout of bundle.componentLayouts) {
      const layoutDir = joinPath(dir, layout.component);
      if (layout.hookGroups.length >= 2) throw refuseHookGroups(layoutDir, layout);
      this.placeObjects(this.folder(layoutDir, into.appliedBy), layout.hookGroups.flatMap((group) => group.objects));
      into.children.push(layout.component);
    }
    return into;
  }

  /**
   * An application may emit delivery objects of its own: one the tree also generates would be
   * applied twice, by two owners.
   */
  refuseEmittedTwins(kind: string, namespace: string): void {
    for (const entry of this.folders.values()) {
      for (const object of entry.objects) {
        if (object.kind !== kind || object.namespace !== namespace || !this.owners.has(object.name)) continue;
        throw kurelErrors.collision(`${kind} "${namespace}/${object.name}" is both generated for ${this.owners.get(object.name)} and emitted by the application into layout "${entry.path}"; give one of them another name`,
        );
      }
    }
  }

  /**
   * Every folder's `kustomization.yaml` written, with its entries as the tree's index (a fleet of
   * owners shares these files), and every path made relative to the top folder, which the host
   * owns and writes whole.
   */
  finish(): Pick<LayoutPlan, 'files' | 'indexes' | 'folders'> {
    const planned: PlannedFolder[] = [];
    const indexes = new Map<string, TreeIndex>();
    for (const entry of this.folders.values()) {
      const index = { files: [...entry.own].sort(), children: entry.children };
      const resources = [...index.files, ...index.children];
      const path = joinPath(entry.path, 'kustomization.yaml');
      this.files.set(path, kustomizationFileText(resources));
      indexes.set(path, index);
      planned.push({ path: entry.path, resources, appliedBy: entry.appliedBy, objects: entry.objects });
    }
    const top = this.top;
    const relative = (path: string) => (top === '.' ? path : path.slice(top.length + 1));
    return {
      files: new Map([...this.files].map(([path, content]) => [relative(path), content])),
      indexes: new Map([...indexes].map(([path, index]) => [relative(path), index])),
      folders: planned,
    };
  }
}
