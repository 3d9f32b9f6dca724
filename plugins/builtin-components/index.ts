import { definePlugin } from 'kurel/plugin-api';
import { configmap } from './configmap.js';
import { cronjob } from './cronjob.js';
import { daemonset } from './daemonset.js';
import { deployment } from './deployment.js';
import { job } from './job.js';
import { postgresqlRule } from './postgresql.js';
import { secret } from './secret.js';
import { service } from './service.js';
import { statefulset } from './statefulset.js';
import { serviceaccount } from './serviceaccount.js';
import { webserviceRule } from './webservice.js';
import { workerRule } from './worker.js';

export default definePlugin({
  meta: { name: 'kurel-builtin-components', version: '0.1.0', kurelApi: '^2.0.0' },
  components: [deployment, statefulset, daemonset, job, cronjob, service, serviceaccount, configmap, secret],
  lowering: [webserviceRule, workerRule, postgresqlRule],
});
