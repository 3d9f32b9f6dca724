import { describe, expect, it } from 'vitest';
import { html, raw, scriptJson } from '../../../src/commands/support/site/html.js';
import { propertyTree } from '../../../src/commands/support/site/property-tree.js';
import { SharedShapes } from '../../../src/commands/support/site/shared-shapes.js';
import type { PropertiesSchema } from '../../../src/plugin-api/index.js';

describe('html templates', () => {
  it('escapes interpolated text and keeps markup made by html or raw', () => {
    const name = '<script>alert("x")</script>';
    expect(html`<p title="${name}">${name}${html`<b>${'&'}</b>`}${raw('<i>ok</i>')}</p>`.text).toBe(
      '<p title="&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;<b>&#38;</b><i>ok</i></p>',
    );
  });

  it('writes JSON for a script element that cannot close it', () => {
    expect(scriptJson({ text: '</script><!--' }).text).toBe('{"text":"\\u003c/script>\\u003c!--"}');
  });
});

const port: PropertiesSchema = {
  port: { type: 'integer', description: 'The port.', required: true, default: 8080, minimum: 1, maximum: 65535 },
  protocol: { type: 'string', enum: ['TCP', 'UDP'] },
};

/** An object with `count` integer properties, large enough to be shared. */
const wide = (count: number): PropertiesSchema => Object.fromEntries(Array.from({ length: count }, (_, index) => [`field${index}`, { type: 'integer' }]));

describe('the property tree', () => {
  it('shows each property in a details element with its type, requirement, default, enum and range', () => {
    const tree = propertyTree({ listener: { type: 'object', properties: port } }, { shapes: new SharedShapes([]), root: '../' }).text;
    expect(tree).toContain('<summary><code>listener</code> <span class="type">object</span> </summary>');
    expect(tree).toContain('<summary><code>port</code> <span class="type">integer</span> <span class="badge required">required</span></summary>');
    expect(tree).toContain('<dt>default</dt><dd><code>8080</code></dd>');
    expect(tree).toContain('<dt>range</dt><dd>1 ≤ value ≤ 65535</dd>');
    expect(tree).toContain('<dt>one of</dt><dd><code>&#34;TCP&#34;</code>, <code>&#34;UDP&#34;</code></dd>');
  });

  it('names the keys a profile may supply as required unless it does', () => {
    const tree = propertyTree(port, { shapes: new SharedShapes([]), root: '' }, new Set(['port'])).text;
    expect(tree).toContain('required unless the profile sets it');
  });

  it('shows a large shape that recurs once, linked from each place', () => {
    const roots = [
      { name: 'pod', properties: { spec: { type: 'object', properties: wide(20) } } as PropertiesSchema },
      { name: 'deployment', properties: { template: { type: 'array', items: { type: 'object', properties: wide(20) } } } as PropertiesSchema },
      { name: 'small', properties: { a: { type: 'object', properties: wide(3) }, b: { type: 'object', properties: wide(3) } } as PropertiesSchema },
    ];
    const shapes = new SharedShapes(roots);
    expect(shapes.all().map((shape) => [shape.firstSeenAt, shape.uses])).toEqual([['pod.spec', 2]]);
    const tree = propertyTree(roots[1].properties, { shapes, root: '../' }).text;
    expect(tree).toContain('Each item has <a href="../shapes/shape-1.html">');
    expect(tree).not.toContain('field19');
  });
});
