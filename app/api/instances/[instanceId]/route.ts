import { endpoints, json, route } from "@/lib/http/route";
import { cancelInstance } from "@/lib/programme/cancel-instance";
import { moveInstance } from "@/lib/programme/move-instance";
import { restoreInstance } from "@/lib/programme/restore-instance";
import { setInstanceCapacity } from "@/lib/programme/set-instance-capacity";
import { setInstanceTeachers } from "@/lib/programme/set-instance-teachers";
import { setInstanceBookability } from "@/lib/programme/set-instance-bookability";
import { withEventFlag } from "@/lib/programme/with-event-flags";
import { InstanceParams, UpdateInstanceInput, serializeInstance } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instances/{instanceId}", {
  PATCH: route(
    { operation: "PATCH /instances/{instanceId}", auth: "admin", params: InstanceParams, body: UpdateInstanceInput },
    async ({ auth, params, body }) => {
      const target = { db: auth.db, instanceId: params.instanceId };
      const changed = await (() => {
        switch (body.action) {
          case "cancel":
            return cancelInstance(target);
          case "move":
            return moveInstance({ ...target, startsAt: new Date(body.startsAt) });
          case "restore":
            return restoreInstance(target);
          case "bookability":
            return setInstanceBookability({ ...target, audience: body.audience, groupIds: body.groupIds });
          case "teachers":
            return setInstanceTeachers({ ...target, teacherIds: body.teacherIds });
          case "capacity":
            return setInstanceCapacity({ ...target, accountId: auth.accountId, capacity: body.capacity });
        }
      })();
      return json(serializeInstance(await withEventFlag(auth.db, changed)));
    },
  ),
});
