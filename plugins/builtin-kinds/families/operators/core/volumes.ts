import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, list, obj, oneOf, quantity, req, smap, str, strings } from '../schema.js';
import { configMapKeySelector, keyToPath, labelSelector, objectFieldSelector, resourceFieldSelector, secretKeySelector, templateMetadata, typedLocalObjectReference } from './meta.js';

// Environment, claim and volume types of Kubernetes core/v1.

export const envVar = (description = 'An environment variable.'): PropertySchema =>
  obj(description, {
    name: req(str('Name of the variable.')),
    value: str('The value.'),
    valueFrom: obj('Where the value comes from.', {
      fieldRef: objectFieldSelector('A field of the pod.'),
      resourceFieldRef: resourceFieldSelector('A resource of the container.'),
      configMapKeyRef: configMapKeySelector('A key of a ConfigMap.'),
      secretKeyRef: secretKeySelector('A key of a Secret.'),
    }),
  });

const optionalRef = (description: string): PropertySchema =>
  obj(description, { name: req(str('Name of the referent.')), optional: bool('Whether the referent must exist.') });

export const envFromSource = (description = 'A source of environment variables.'): PropertySchema =>
  obj(description, {
    prefix: str('A prefix put before every key.'),
    configMapRef: optionalRef('The ConfigMap to read.'),
    secretRef: optionalRef('The Secret to read.'),
  });

export const persistentVolumeClaimSpec = (description: string): PropertySchema =>
  obj(description, {
    accessModes: strings('The access modes of the volume.', 'An access mode (ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod).'),
    selector: labelSelector('The volumes to bind to.'),
    resources: obj('The resources the volume needs.', {
      limits: { type: 'object', description: 'Maximum resources.', additionalProperties: quantity('A quantity.') },
      requests: { type: 'object', description: 'Minimum resources (storage).', additionalProperties: quantity('A quantity.') },
    }),
    volumeName: str('The PersistentVolume to bind to.'),
    storageClassName: str('The StorageClass of the claim.'),
    volumeMode: oneOf(['Filesystem', 'Block'], 'The volume mode.'),
    dataSource: typedLocalObjectReference('An existing object to populate the volume from.'),
    dataSourceRef: obj('An object to populate the volume from.', {
      apiGroup: str('The group of the referenced resource.'),
      kind: req(str('The kind of the referenced resource.')),
      name: req(str('The name of the referenced resource.')),
      namespace: str('The namespace of the referenced resource.'),
    }),
    volumeAttributesClassName: str('The VolumeAttributesClass of the claim.'),
  });

export const ephemeralVolumeSource = (description: string): PropertySchema =>
  obj(description, {
    volumeClaimTemplate: obj('The claim created for the pod.', {
      metadata: templateMetadata('Labels and annotations of the claim.'),
      spec: req(persistentVolumeClaimSpec('The claim spec.')),
    }),
  });

const itemsSource = (description: string): PropertySchema =>
  obj(description, { name: str('Name of the referent.'), items: list('Keys to project.', keyToPath()), optional: bool('Whether the referent must exist.') });

const downwardItems = list(
  'Files of pod fields.',
  obj('A downward API file.', {
    path: req(str('The relative path of the file.')),
    fieldRef: objectFieldSelector('A field of the pod.'),
    resourceFieldRef: resourceFieldSelector('A resource of a container.'),
    mode: int('Mode bits of the file.'),
  }),
);

export const projectedVolumeSource = (description: string): PropertySchema =>
  obj(description, {
    defaultMode: int('Default mode bits of the files.'),
    sources: list(
      'The projections.',
      obj('One projection.', {
        secret: itemsSource('A Secret to project.'),
        configMap: itemsSource('A ConfigMap to project.'),
        downwardAPI: obj('Pod fields to project.', { items: downwardItems }),
        serviceAccountToken: obj('A service account token to project.', {
          audience: str('The audience of the token.'),
          expirationSeconds: int('Requested lifetime of the token.'),
          path: req(str('The relative path of the file.')),
        }),
        clusterTrustBundle: obj('A ClusterTrustBundle to project.', {
          name: str('The bundle name.'),
          signerName: str('The signer name of the bundles.'),
          labelSelector: labelSelector('The bundles selected.'),
          optional: bool('Whether the bundle must exist.'),
          path: req(str('The relative path of the file.')),
        }),
      }),
    ),
  });

/** A pod volume, with the volume sources in current use. */
export const volume = (description = 'A pod volume.'): PropertySchema =>
  obj(description, {
    name: req(str('Name of the volume.')),
    configMap: obj('A ConfigMap as a volume.', { name: str('The ConfigMap.'), items: list('Keys to project.', keyToPath()), defaultMode: int('Default mode bits.'), optional: bool('Whether it must exist.') }),
    secret: obj('A Secret as a volume.', { secretName: str('The Secret.'), items: list('Keys to project.', keyToPath()), defaultMode: int('Default mode bits.'), optional: bool('Whether it must exist.') }),
    emptyDir: obj('A scratch directory.', { medium: str('The storage medium ("" or Memory).'), sizeLimit: quantity('The size limit.') }),
    persistentVolumeClaim: obj('A claim as a volume.', { claimName: req(str('The claim.')), readOnly: bool('Mount read-only.') }),
    projected: projectedVolumeSource('Projected sources.'),
    downwardAPI: obj('Pod fields as files.', { items: downwardItems, defaultMode: int('Default mode bits.') }),
    csi: obj('A CSI ephemeral volume.', {
      driver: req(str('The CSI driver.')),
      readOnly: bool('Mount read-only.'),
      fsType: str('The filesystem type.'),
      volumeAttributes: smap('Driver-specific attributes.'),
      nodePublishSecretRef: obj('Secret passed to the driver.', { name: str('Name of the Secret.') }),
    }),
    ephemeral: ephemeralVolumeSource('A claim created for the pod.'),
    hostPath: obj('A path on the node.', { path: req(str('The path.')), type: str('The type of the path.') }),
    nfs: obj('An NFS export.', { server: req(str('The server.')), path: req(str('The exported path.')), readOnly: bool('Mount read-only.') }),
    image: obj('An OCI image as a volume.', { reference: str('The image reference.'), pullPolicy: oneOf(['Always', 'Never', 'IfNotPresent'], 'The pull policy.') }),
  });
