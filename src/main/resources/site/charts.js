// Charts of the results site (ECharts). The pages hand their figures over as JSON; nothing is fetched.
var Charts = (function () {
  var charts = [];
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });

  function box(parent, cls) {
    var div = document.createElement('div');
    div.className = cls || 'chart';
    parent.appendChild(div);
    return div;
  }
  function make(el, option) {
    var chart = echarts.init(el, null, { renderer: 'svg' });
    chart.setOption(option, true);
    charts.push(chart);
    return chart;
  }
  // x = 1 / (1 - p/100): 1 is 0 %, 10 is 90 %, 100 is 99 %, 1000 is 99.9 %.
  function percentLabel(x) {
    var p = 100 * (1 - 1 / x);
    if (p <= 0) return '0%';
    var digits = Math.max(0, Math.round(Math.log10(x)) - 2);
    return p.toFixed(digits) + '%';
  }
  function atLeastOne(v) { return Math.max(1, v); }
  // A formatter's tooltip is HTML: request names and window labels come from the target's pages and the
  // profiles, so they go in escaped (ECharts escapes them itself in its own tooltips, titles and legends).
  var escaped = echarts.format.encodeHTML;
  // The gate's thresholds as dashed lines; `subject` names whose they are where a chart has several series.
  function limitLines(limits, metric, subject) {
    return {
      silent: true, symbol: 'none',
      lineStyle: { type: 'dashed', color: '#c00', width: 1.5 },
      label: { formatter: '{b}', position: 'insideEndTop', color: '#c00' },
      data: limits.filter(function (l) { return !metric || l.metric === metric; })
        .map(function (l) {
          return { name: (subject ? subject + ': ' : '') + l.metric + ' ≤ ' + l.allowedMs + ' ms', yAxis: l.allowedMs,
            lineStyle: { type: 'dashed', color: '#c00', width: 1.5 }, label: { color: '#c00', position: 'insideEndTop' } };
        })
    };
  }
  function percentileChart(el, title, series, limits) {
    var maxX = 10;
    series.forEach(function (s) { s.curve.forEach(function (p) { maxX = Math.max(maxX, p[0]); }); });
    return make(el, {
      title: { text: title, textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'axis', valueFormatter: function (v) { return v + ' ms'; },
        axisPointer: { label: { formatter: function (p) { return p.axisDimension === 'x' ? percentLabel(p.value) : p.value; } } } },
      legend: { top: 22 },
      grid: { left: 60, right: 30, top: 60, bottom: 40 },
      xAxis: { type: 'log', logBase: 10, min: 1, max: Math.pow(10, Math.ceil(Math.log10(maxX))), name: 'percentile',
        nameLocation: 'middle', nameGap: 25, axisLabel: { formatter: percentLabel } },
      yAxis: { type: 'log', logBase: 10, name: 'ms' },
      series: series.map(function (s, i) {
        return { name: s.name, type: 'line', step: 'end', showSymbol: false,
          data: s.curve.map(function (p) { return [p[0], atLeastOne(p[1])]; }),
          markLine: i === 0 ? limitLines(limits) : undefined };
      })
    });
  }
  function shadedAreas(shaded, labelled) {
    var colours = { steady: 'rgba(60,170,60,0.10)', cycle: 'rgba(40,110,220,0.10)', level: 'rgba(40,110,220,0.10)' };
    return {
      silent: true,
      label: { show: labelled, position: 'insideTop', fontSize: 10, color: '#555' },
      data: shaded.map(function (w, i) {
        var colour = colours[w.kind] || 'rgba(150,150,150,0.10)';
        if (w.kind !== 'steady' && i % 2 === 0) colour = 'rgba(40,110,220,0.18)';
        return [{ name: w.kind === 'steady' ? 'steady' : w.label, xAxis: w.fromS, itemStyle: { color: colour } }, { xAxis: w.toS }];
      })
    };
  }
  // Every over-time chart spans the whole run, so their x axes line up.
  function timeAxis(data) {
    return { type: 'value', name: 's from start', nameLocation: 'middle', nameGap: 25, min: 0, max: Math.ceil(data.endS) };
  }

  // A capacity search's curve: each request's p99 and the errors against the load multiple, its thresholds
  // dashed, the headroom and the first failing multiple marked; failing steps' points filled red.
  function capacityChart(el, c) {
    var marks = [];
    // One label below the line's top, the other above its foot, so that close multiples' labels do not overlap.
    if (c.headroom !== null) marks.push({ name: 'headroom ' + c.headroom + 'x', xAxis: c.headroom, at: 'insideEndTop' });
    if (c.firstFailure !== null)
      marks.push({ name: 'first to fail ' + c.firstFailure + 'x', xAxis: c.firstFailure, at: 'insideStartBottom' });
    function point(p) {
      return { value: [p[0], p[1]], verdict: p[2],
        symbol: p[2] === 'fail' ? 'circle' : 'emptyCircle', itemStyle: p[2] === 'fail' ? { color: '#c00' } : undefined };
    }
    var series = c.requests.map(function (r, i) {
      return { name: r.name + ' p99', type: 'line', symbolSize: 8, showAllSymbol: true, data: r.points.map(point),
        // One line per limit, naming every request it holds, so equal limits do not draw labels over each other.
        markLine: i > 0 ? undefined : Object.assign(limitLines([]), { data: c.limits.map(function (l) {
          return limitLines([{ metric: 'p99', allowedMs: l.allowedMs }], 'p99', l.names).data[0];
        }) }) };
    });
    series.push({ name: 'errors %', type: 'line', yAxisIndex: 1, symbolSize: 8, showAllSymbol: true, color: '#c00',
      lineStyle: { type: 'dotted' },
      data: c.errors.map(point),
      markLine: { silent: true, symbol: 'none',
        data: (c.errorLimit === null ? [] : [{ name: 'errors ≤ ' + c.errorLimit + ' %', yAxis: c.errorLimit,
          lineStyle: { type: 'dashed', color: '#c00' }, label: { formatter: '{b}', position: 'insideStartTop', color: '#c00' } }])
          .concat(marks.map(function (m) {
            return { name: m.name, xAxis: m.xAxis, lineStyle: { type: 'solid', color: '#555' },
              label: { formatter: '{b}', position: m.at, color: '#555' } };
          })) } });
    make(el, {
      title: { text: c.system + ': p99 and errors against the load multiple', textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'item', formatter: function (p) {
        return escaped(p.seriesName) + ' at ' + p.value[0] + 'x: ' + p.value[1] + ' (' + escaped(p.data.verdict) + ')'; } },
      legend: { top: 22 }, grid: { left: 60, right: 70, top: 60, bottom: 40 },
      xAxis: { type: 'value', name: 'multiple of the reference load', nameLocation: 'middle', nameGap: 25, min: 0 },
      // The p99 axis reaches the highest limit, so that every threshold is drawn however far below it the steps stay.
      yAxis: [{ type: 'value', name: 'p99 (ms)', max: function (v) {
        var top = Math.max(v.max, 1.1 * Math.max.apply(null, c.limits.map(function (l) { return l.allowedMs; }).concat([0])));
        return Math.ceil(top / 500) * 500;
      } }, { type: 'value', name: 'errors %', position: 'right', min: 0,
        max: function (v) { return Math.ceil(Math.max(v.max, 1.25 * (c.errorLimit || 0), 1)); } }],
      series: series
    });
  }

  // A merged run's shards on one time line: each one's run (its plan's start to its last record) and its steady window, and
  // the time every shard was steady at once shaded.
  function shardsChart(el, s) {
    function ranges(key, name, color, height) {
      return { type: 'custom', name: name, itemStyle: { color: color }, encode: { x: [1, 2], y: 0 },
        renderItem: function (params, api) {
          var y = api.coord([0, api.value(0)])[1], from = api.coord([api.value(1), 0])[0], to = api.coord([api.value(2), 0])[0];
          var h = api.size([0, 1])[1] * height;
          return { type: 'rect', shape: { x: from, y: y - h / 2, width: Math.max(1, to - from), height: h }, style: { fill: color } };
        },
        data: s.shards.map(function (x, i) { return [i, x[key][0], x[key][1]]; }) };
    }
    var series = [ranges('run', 'run (plan start to last record)', '#9ecae1', 0.6), ranges('steady', 'steady window', '#3182bd', 0.3)];
    if (s.shared) series[1].markArea = { silent: true, itemStyle: { color: 'rgba(0, 160, 0, 0.15)' },
      label: { position: 'insideTop', color: '#060' }, data: [[{ name: 'steady on every shard', xAxis: s.shared[0] }, { xAxis: s.shared[1] }]] };
    return make(el, {
      title: { text: 'Shards on one time line', textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'item', formatter: function (p) {
        var shard = s.shards[p.value[0]];
        return escaped(shard.name + ', ' + shard.runId) + '<br>' + escaped(p.seriesName) + ': ' + p.value[1].toFixed(1) + ' s to ' + p.value[2].toFixed(1) + ' s'; } },
      legend: { top: 22 },
      grid: { left: 80, right: 30, top: 60, bottom: 40 },
      xAxis: { type: 'value', name: 's after the first shard\'s plan began', nameLocation: 'middle', nameGap: 25 },
      yAxis: { type: 'category', inverse: true, data: s.shards.map(function (x) { return x.name; }) },
      series: series
    });
  }
  function runPage(data) {
    if (data.shards) shardsChart(document.getElementById('shards-chart'), data.shards);
    (data.capacity || []).forEach(function (c) {
      capacityChart(document.getElementById('capacity-chart-' + c.system), c);
    });
    var grid = document.getElementById('percentiles');
    data.percentiles.forEach(function (p) {
      percentileChart(box(grid), p.name, [{ name: p.name, curve: p.curve }], p.limits);
    });
    var t = data.timeline;
    if (t) {
      var all = t.series[0];
      make(document.getElementById('throughput'), {
        title: { text: 'Throughput and errors over time, all requests', textStyle: { fontSize: 13 } },
        tooltip: { trigger: 'axis' }, legend: { top: 22 },
        grid: { left: 60, right: 30, top: 60, bottom: 40 },
        xAxis: timeAxis(data), yAxis: { type: 'value', name: 'per second' },
        series: [
          { name: 'requests/s', type: 'line', showSymbol: false,
            data: all.points.map(function (p) { return [p[0], +(p[1] / t.bucketS).toFixed(2)]; }),
            markArea: shadedAreas(data.shaded, true) },
          { name: 'errors/s', type: 'line', showSymbol: false, color: '#c00',
            data: all.points.map(function (p) { return [p[0], +(p[2] / t.bucketS).toFixed(2)]; }) }
        ]
      });
      var over = document.getElementById('overtime');
      t.series.forEach(function (s) {
        var names = ['p50', 'p95', 'p99'];
        make(box(over), {
          title: { text: s.name + ': p50 / p95 / p99 over time (' + t.bucketS + ' s buckets)', textStyle: { fontSize: 13 } },
          tooltip: { trigger: 'axis', valueFormatter: function (v) { return v + ' ms'; } }, legend: { top: 22 },
          grid: { left: 60, right: 30, top: 60, bottom: 40 },
          xAxis: timeAxis(data), yAxis: { type: 'value', name: 'ms' },
          series: names.map(function (n, i) {
            return { name: n, type: 'line', showSymbol: false,
              data: s.points.map(function (p) { return [p[0], p[3 + i]]; }),
              // Labelled once, on the throughput chart: on the small charts they would overlap.
              markArea: i === 0 ? shadedAreas(data.shaded, false) : undefined,
              markLine: i === 0 ? limitLines(s.limits) : undefined };
          })
        });
      });
    }
    var knee = document.getElementById('knee');
    if (knee && data.windows.length > 1) {
      var byUsers = data.windows.every(function (w) { return w.concurrency !== null; });
      var x = function (w, i) { return byUsers ? w.concurrency : i + 1; };
      var points = data.windows.map(function (w, i) { return { x: x(w, i), w: w }; })
        .sort(function (a, b) { return a.x - b.x; });
      make(knee, {
        title: { text: 'Per window: throughput and p99 against ' + (byUsers ? 'concurrency' : 'window'), textStyle: { fontSize: 13 } },
        tooltip: { trigger: 'item', formatter: function (p) { return escaped(p.data[2]) + '<br>' + escaped(p.seriesName) + ': ' + p.data[1]; } },
        legend: { top: 22 }, grid: { left: 60, right: 70, top: 60, bottom: 40 },
        xAxis: { type: 'value', name: byUsers ? 'users' : 'window', nameLocation: 'middle', nameGap: 25, scale: true, minInterval: 1 },
        yAxis: [{ type: 'value', name: 'requests/s' }, { type: 'value', name: 'p99 (ms)', position: 'right' }],
        series: [
          { name: 'requests/s', type: 'line', symbolSize: 8, data: points.map(function (p) { return [p.x, +p.w.rps.toFixed(2), p.w.label]; }) },
          { name: 'p99 (ms)', type: 'line', yAxisIndex: 1, symbolSize: 8, data: points.map(function (p) { return [p.x, p.w.p99, p.w.label]; }) }
        ]
      });
    }
  }

  function indexPage(data) {
    var request = document.getElementById('request');
    var metric = document.getElementById('metric');
    var logy = document.getElementById('logy');
    function draw() {
      data.trends.forEach(function (trend) {
        var el = document.getElementById(trend.id);
        var existing = echarts.getInstanceByDom(el);
        var chart = existing || echarts.init(el, null, { renderer: 'svg' });
        if (!existing) charts.push(chart);
        var m = metric.value;
        var shown = trend.series.filter(function (s) { return !request.value || s.name === request.value; });
        var marks = trend.marked.map(function (r) {
          return { name: r.verdict + ': ' + r.run, xAxis: r.t, lineStyle: { type: 'dashed', color: '#888' },
            label: { color: '#666', fontSize: 10, position: 'insideEndTop' } };
        });
        // A lone run would otherwise stand in the middle of two days of empty axis.
        var times = trend.marked.map(function (r) { return r.t; });
        trend.series.forEach(function (s) { s.points.forEach(function (p) { times.push(p.t); }); });
        var first = Math.min.apply(null, times), last = Math.max.apply(null, times);
        var pad = Math.max((last - first) * 0.05, 10 * 60 * 1000);
        chart.setOption({
          useUTC: true,
          tooltip: { trigger: 'item', formatter: function (p) { return escaped(p.data.run) + ' (' + escaped(p.data.verdict) + ')<br>' + escaped(p.seriesName) + ' ' + m + ': ' + p.data.value[1] + ' ms'; } },
          legend: { type: 'scroll', top: 0 },
          grid: { left: 60, right: 40, top: 55, bottom: 40 },
          xAxis: { type: 'time', name: 'run start (UTC)', nameLocation: 'middle', nameGap: 25, min: first - pad, max: last + pad },
          yAxis: logy.checked ? { type: 'log', logBase: 10, name: m + ' (ms)', min: 1 } : { type: 'value', name: m + ' (ms)', min: 0 },
          series: shown.map(function (s, i) {
            return { name: s.name, type: 'line', symbolSize: 7,
              data: s.points.map(function (p) { return { value: [p.t, logy.checked ? atLeastOne(p[m]) : p[m]], run: p.run, verdict: p.verdict }; }),
              markLine: { silent: true, symbol: 'none', label: { formatter: '{b}', fontSize: 10 },
                data: (i === 0 ? marks : []).concat(limitLines(s.limits, m, s.name).data) } };
          })
        }, true);
      });
    }
    [request, metric, logy].forEach(function (c) { c.addEventListener('change', draw); });
    draw();
  }

  function comparePage(data) {
    var grid = document.getElementById('percentiles');
    data.charts.forEach(function (c) {
      percentileChart(box(grid), c.name, [{ name: 'A ' + data.a, curve: c.a }, { name: 'B ' + data.b, curve: c.b }], c.limits);
    });
  }

  // The history page: per system, one chart per series (a figure of one path over the runs of one setting),
  // each change point a vertical line at the run where its new level began, labelled with its size.
  function historyPage(data) {
    data.systems.forEach(function (system, i) {
      var grid = document.getElementById('system-' + i);
      system.series.forEach(function (s) {
        make(box(grid), {
          title: { text: s.title, textStyle: { fontSize: 13 } },
          tooltip: { trigger: 'axis' },
          grid: { left: 60, right: 20, top: 40, bottom: 60 },
          xAxis: { type: 'category', data: s.runs, axisLabel: { rotate: 30, fontSize: 10 } },
          yAxis: { type: 'value', name: s.unit, scale: true },
          series: [{
            type: 'line', name: s.metric, data: s.values, symbolSize: 5,
            markLine: {
              symbol: 'none', lineStyle: { color: '#c0392b', width: 2 },
              label: { formatter: function (p) { return p.name; }, color: '#c0392b' },
              data: s.changes.map(function (c) { return { name: c.label, xAxis: c.run }; })
            }
          }]
        });
      });
    });
  }

  return { runPage: runPage, indexPage: indexPage, comparePage: comparePage, historyPage: historyPage };
})();
