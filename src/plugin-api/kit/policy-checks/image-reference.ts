/**
 * The OCI image reference grammar (the one of distribution/reference that container runtimes
 * parse): `[domain[:port]/]path[:tag][@digest]`, the path lowercase, at most 255 characters of
 * name. Returns what is wrong, or undefined for a well-formed reference.
 */
const ALPHANUMERIC = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])`;
const DOMAIN = `${HOST}(?::[0-9]+)?`;
const NAME = `(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::${TAG})?(?:@${DIGEST})?$`);
const NAME_MAX_LENGTH = 255;

export function imageReferenceProblem(image: string): string | undefined {
  const match = REFERENCE.exec(image);
  if (match) return match[1].length > NAME_MAX_LENGTH ? `repository name must not be more than ${NAME_MAX_LENGTH} characters` : undefined;
  if (image === '') return 'repository name must have at least one component';
  if (/\s/.test(image)) return 'it contains whitespace';
  // Only the path must be lowercase: a registry host may carry capitals.
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  const domain = /[.:]/.test(first) || first === 'localhost' ? first : '';
  const rest = domain ? image.slice(domain.length) : image;
  if (REFERENCE.test(domain + rest.toLowerCase())) return 'repository name must be lowercase';
  return 'expected [registry[:port]/]repository[:tag][@algorithm:digest]';
}
