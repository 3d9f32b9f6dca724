import fc from 'fast-check';

// Data rich in what changes how a scalar is written as YAML and read back: quotes, indicators,
// YAML 1.1 words, numbers as text, line breaks, leading and trailing blanks, document markers,
// control characters, letters outside ASCII.

const PIECES = ['', ' ', '  ', '\n', '\n\n', '\t', "'", '"', '#', ': ', ':', '- ', '-', '?', '? ', '&', '*', '!', '|', '>', '%', '@', '`', '{', '}', '[', ']', ',', '---', '...', 'yes', 'No', 'on', 'null', '~', '0', '1', '007', '0x1F', '1e3', '.5', '12:30', '2024-01-01', '.inf', 'a', 'Z', 'web', 'é', 'Ω', '日本', '\u0007', '\u00a0', '\u2028', '\\', '\\n', 'http://x', 'a b', '\r'];

export const scalarText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((pieces) => pieces.join('')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: 'binary' }) },
);
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('a', 'b', 'a1', 'a10', 'a01', 'B', 'x~', 'app.kubernetes.io/name', 'y', 'on', '8080', 'é', 'Ω1') }, { weight: 2, arbitrary: scalarText });
const scalar = fc.oneof(
  { weight: 6, arbitrary: scalarText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, undefined, -0, 1e21, 0.1) },
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 5 })),
}));
export const documents = fc.dictionary(key, value, { maxKeys: 6 });
