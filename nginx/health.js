// Aggregate health for /healthz: asks every pack's upstream group for /readyz (so any live
// replica answers for its pack) and reports 200 only when every pack is ready.
// Runs on njs 0.7 (Debian bookworm) and later: plain functions and promises only.

function check(r, name) {
  return r.subrequest('/_toolgate/ready/' + name).then(
    function (reply) { return { name: name, ready: reply.status === 200 }; },
    function () { return { name: name, ready: false }; }
  );
}

function aggregate(r) {
  var names = r.variables.toolgate_packs.split(' ').filter(function (name) { return name.length > 0; });
  Promise.all(names.map(function (name) { return check(r, name); })).then(function (results) {
    var packs = {};
    var ready = true;
    results.forEach(function (result) {
      packs[result.name] = result.ready ? 'ready' : 'unavailable';
      if (!result.ready) ready = false;
    });
    r.headersOut['Content-Type'] = 'application/json';
    r.return(ready ? 200 : 503, JSON.stringify({ status: ready ? 'ok' : 'degraded', packs: packs }));
  });
}

export default { aggregate };
