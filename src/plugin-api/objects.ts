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

/** A JSON value: what a property, an object's field or a rendered document holds. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object, such as an object's spec built by a handler. */
export type JsonObject = { [key: string]: JsonValue };
