/** A Kubernetes object as kurel emits it: plain JSON data. */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [key: string]: unknown;
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

export type Properties = Record<string, unknown>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
