// The live view: fills the page from /data.json every second. Text goes in as text (textContent), never as markup.
var Live = (function () {
  var charts = {};
  window.addEventListener('resize', function () { Object.keys(charts).forEach(function (k) { charts[k].resize(); }); });

  function text(el, value) { el.textContent = value; }
  function field(section, name) { return section.querySelector('[data-field="' + name + '"]'); }
  function n(v) { return Number(v).toLocaleString('en'); }
  function list(ul, items, render) {
    while (ul.firstChild) ul.removeChild(ul.firstChild);
    items.forEach(function (item) {
      var li = document.createElement('li');
      render(li, item);
      ul.appendChild(li);
    });
  }
  function verdictClass(el, label, pass) {
    el.className = 'verdict ' + (pass === null ? 'none' : pass ? 'pass' : 'fail');
    text(el, label);
  }
  function chart(section, name) {
    var id = section.dataset.system + '/' + name;
    if (!charts[id]) charts[id] = echarts.init(section.querySelector('[data-chart="' + name + '"]'), null, { renderer: 'svg' });
    return charts[id];
  }
  function pairs(t, values) { return t.map(function (x, i) { return [x, values[i]]; }); }
  function drawCharts(section, s) {
    var p = s.points;
    var axis = { type: 'value', name: 's from start', nameLocation: 'middle', nameGap: 25, min: 'dataMin', max: 'dataMax' };
    var throughput = chart(section, 'throughput');
    throughput.setOption({
      animation: false,
      title: { text: s.key + ': requests/s, KO/s and active users', textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'axis' }, legend: { top: 22 },
      grid: { left: 60, right: 60, top: 60, bottom: 40 },
      xAxis: axis,
      yAxis: [{ type: 'value', name: '/s' }, { type: 'value', name: 'users', splitLine: { show: false } }],
      series: [
        { name: 'requests/s', type: 'line', showSymbol: false, data: pairs(p.t, p.rps) },
        { name: 'KO/s', type: 'line', showSymbol: false, data: pairs(p.t, p.ko), lineStyle: { color: '#c00' }, itemStyle: { color: '#c00' } },
        { name: 'active users', type: 'line', showSymbol: false, yAxisIndex: 1, data: pairs(p.t, p.active) }
      ]
    }, true);
    var latency = chart(section, 'latency');
    latency.setOption({
      animation: false,
      title: { text: s.key + ': response times over the last second (ms)', textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'axis', valueFormatter: function (v) { return v + ' ms'; } }, legend: { top: 22 },
      grid: { left: 60, right: 30, top: 60, bottom: 40 },
      xAxis: axis, yAxis: { type: 'value', name: 'ms' },
      series: ['p50', 'p95', 'p99'].map(function (k) { return { name: k, type: 'line', showSymbol: false, data: pairs(p.t, p[k]) }; })
    }, true);
    // For readers of the page's DOM (the screenshot test): how many points each chart holds.
    section.querySelector('[data-chart="throughput"]').dataset.points = p.t.length;
    section.querySelector('[data-chart="latency"]').dataset.points = p.t.length;
  }
  function system(s) {
    var section = document.getElementById('system-' + s.key);
    if (!section) return;
    verdictClass(field(section, 'wouldPass'), s.wouldPass ? 'would PASS' : 'would FAIL', s.wouldPass);
    text(field(section, 'users'), n(s.usersStarted) + ' started' + (s.plannedUsers === null ? '' : ' of ' + n(s.plannedUsers) + ' planned') +
      ', ' + n(s.usersActive) + ' active now');
    text(field(section, 'requests'), n(s.ok + s.ko) + ' answered (' + n(s.ko) + ' KO), ' + s.requestsPerSecond + ' requests/s now');
    text(field(section, 'latency'), 'now p50 ' + n(s.interval.p50) + ' ms, p95 ' + n(s.interval.p95) + ' ms, p99 ' + n(s.interval.p99) +
      ' ms; run p50 ' + n(s.total.p50) + ' ms, p95 ' + n(s.total.p95) + ' ms, p99 ' + s.total.p99Text + ' ms');
    list(field(section, 'checks'), s.checks.length ? s.checks : [{ text: 'no thresholds', pass: true }], function (li, c) {
      li.className = c.pass ? 'pass' : 'fail';
      text(li, c.text);
    });
    list(field(section, 'errors'), s.errors.length ? s.errors : [{ message: 'none', count: null }], function (li, e) {
      text(li, e.count === null ? e.message : e.message + ': ' + n(e.count));
    });
    var rows = field(section, 'requestRows');
    while (rows.firstChild) rows.removeChild(rows.firstChild);
    s.requests.forEach(function (r) {
      var tr = document.createElement('tr');
      [r.name, n(r.ok), n(r.ko), n(r.interval.p50), n(r.interval.p95), n(r.interval.p99), n(r.total.p50), n(r.total.p95), r.total.p99Text]
        .forEach(function (v, i) {
          var td = document.createElement('td');
          if (i > 0) td.className = 'n';
          text(td, v);
          tr.appendChild(td);
        });
      rows.appendChild(tr);
    });
    drawCharts(section, s);
  }
  // Each capacity search: its current step and phase, its headroom so far, and its steps as judged live.
  function capacity(searches) {
    var section = document.getElementById('capacity');
    section.hidden = !searches || searches.length === 0;
    if (section.hidden) return;
    var box = document.getElementById('capacitySearches');
    while (box.firstChild) box.removeChild(box.firstChild);
    searches.forEach(function (c) {
      var p = document.createElement('p');
      p.className = 'capacity-now';
      p.dataset.system = c.system;
      var now = c.ended ? 'ended (' + c.ended + ')' :
        c.current ? c.current.phase + ' at ' + c.current.multiple + 'x (' + n(c.current.multiple * c.referenceLoad) + ' ' + c.loadUnit + ')' :
        'not started';
      text(p, c.system + ': ' + now + '; headroom so far ' + (c.headroomSoFar === null ? 'none' : c.headroomSoFar + 'x'));
      box.appendChild(p);
      var ul = document.createElement('ul');
      ul.className = 'checks';
      list(ul, c.steps, function (li, s) {
        li.className = s.passed ? 'pass' : 'fail';
        text(li, s.multiple + 'x: ' + (s.passed ? 'pass' : 'fail') + ', p99 ' + n(s.p99) + ' ms, ' + s.koPercent + ' % KO');
      });
      box.appendChild(ul);
    });
  }
  function show(data) {
    var ended = data.state === 'ended';
    verdictClass(document.getElementById('state'), data.state, null);
    text(document.getElementById('elapsed'), Math.round(data.elapsedS) + ' s since the load started');
    text(document.getElementById('earlyStop'), data.earlyStop);
    text(document.getElementById('injector'), data.injector || 'not sampled yet');
    list(document.getElementById('injectorProblems'), data.injectorProblems, function (li, p) { text(li, 'would be INVALID: ' + p); });
    document.getElementById('ended').hidden = !ended;
    if (ended) {
      verdictClass(document.getElementById('verdict'), data.verdict || 'not archived', data.verdict === 'PASS');
      var link = document.getElementById('runPage');
      link.hidden = !data.runPage;
      if (data.runPage) link.href = data.runPage;
    }
    data.systems.forEach(system);
    capacity(data.capacity);
  }
  function poll() {
    fetch('/data.json', { cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(show)
      .catch(function () { text(document.getElementById('state'), 'not reachable (the run has exited?)'); });
  }
  return {
    start: function (data) {
      show(data);
      setInterval(poll, 1000);
    }
  };
})();
