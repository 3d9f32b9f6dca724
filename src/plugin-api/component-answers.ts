/** What a component answers about itself to traits and to the engine. */
export interface ComponentAnswers {
  /** The ServiceAccount its pods run as. */
  serviceAccountName?: string;
  /** The port its Service exposes. */
  servicePort?: { port: number; name?: string };
  /**
   * For a component whose Service fronts pods another component owns (the service kind): the
   * pods it selects and how its ports map to theirs. No selector marks a Service that selects no
   * pods (ExternalName); it is never written into an object.
   */
  routingTarget?: {
    selector?: Record<string, string>;
    ports: Array<{ port: number; name?: string; targetPort?: number | string; protocol: string }>;
  };
}
