import { describe, expect, it } from 'vitest';
import { takeObjectMetadata } from '../../../src/plugin-api/kit/index.js';

const KEY = 'launcher.gokure.dev/component';
const TEXT = (key: string, value: string, component: string, want: string) =>
  `labels["${key}"]: "${value}" is not the component label of component "${component}" ("${want}"): launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it; remove the label, or write that value`;

describe("a kind component's labels property and the component label", () => {
  it("refuses another value under the key than the owner's, as the component label's refusal", () => {
    const { problems } = takeObjectMetadata({ labels: { [KEY]: 'web' } }, { labelValue: 'db-pooler', componentLabelKey: KEY, name: 'db-pooler', owner: { name: 'db', labelValue: 'db' } });
    expect(problems).toEqual([{ path: ['labels', KEY], message: TEXT(KEY, 'web', 'db', 'db'), refusal: 'in-labels-property' }]);
  });

  it("accepts the owner's value on a lowered entry", () => {
    expect(takeObjectMetadata({ labels: { [KEY]: 'db' } }, { labelValue: 'db-pooler', componentLabelKey: KEY, name: 'db-pooler', owner: { name: 'db', labelValue: 'db' } }).problems).toEqual([]);
  });

  it("under the key app, holds the property to the entry's own value with the component label's text", () => {
    const { problems } = takeObjectMetadata({ labels: { app: 'db' } }, { labelValue: 'db-pooler', componentLabelKey: 'app', name: 'db-pooler', owner: { name: 'db', labelValue: 'db' } });
    expect(problems).toEqual([{ path: ['labels', 'app'], message: TEXT('app', 'db', 'db-pooler', 'db-pooler'), refusal: 'in-labels-property' }]);
  });
});
