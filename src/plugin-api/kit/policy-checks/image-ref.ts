import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { imageReferenceProblem } from './image-reference.js';

/**
 * Refuses an image reference that is not one by the OCI grammar, or that does not pin a
 * version: no tag and no digest, or the floating `:latest` tag. A digest pins the image
 * whatever tag sits beside it.
 */
export function checkImageRef(image: string, ctx: HandlerContext, path: PropertyPath): void {
  const problem = imageReferenceProblem(image);
  if (problem) ctx.fail(`image ${JSON.stringify(image)} rejected: invalid reference format: ${problem}`, path);
  if (image.includes('@')) return;
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  const colon = lastSegment.lastIndexOf(':');
  const tag = colon < 0 ? '' : lastSegment.slice(colon + 1);
  const quoted = JSON.stringify(image);
  if (tag === '') {
    ctx.fail(`image ${quoted} rejected: no tag or digest specified; use an explicit version tag or digest`, path);
  }
  if (tag === 'latest') {
    ctx.fail(`image ${quoted} rejected: :latest tag not allowed; use an explicit version tag or digest`, path);
  }
}
