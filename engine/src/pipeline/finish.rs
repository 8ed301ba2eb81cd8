//! The end of a run: an answered run gets its explanation, the charts the
//! host draws from its checked tables and the figures the code drew (its
//! images in `/output`, checked by `figure`); a stopped one its kind and
//! reason. Either way `run_finished` is the run's last entry.

use crate::audit::event::{Chart, ChartFailed, Event, RunFinished, Status, StopKind};
use crate::chart;
use crate::figure;
use crate::generator::{explain, Generated};
use crate::run_report;
use crate::validate::{CheckedResult, INTERNAL_TABLES};

use super::{Engine, EngineError, RunCtx, Stop};

impl Engine {
    /// Records an answered run: charts, then the answer and explanation.
    pub(super) fn answered(
        &mut self,
        ctx: &mut RunCtx,
        current: &Generated,
        mut checked: CheckedResult,
    ) -> Result<(), EngineError> {
        if let Some(reason) = current.plan.as_ref().and_then(|plan| {
            explain::outside_dates(plan, &checked).or_else(|| explain::nothing_kept(plan, &checked))
        }) {
            let stop = Stop::new(Status::Stopped, StopKind::Goal, reason);
            return self.stop(ctx, stop);
        }
        // Amounts of a column whose currency the file states carry it.
        let currencies = match &current.plan {
            Some(plan) => crate::money::annotate(plan, &ctx.report.inputs, &mut checked),
            None => Vec::new(),
        };
        let explanation = match &current.plan {
            Some(plan) => std::iter::once(explain::explain(plan, &checked))
                .chain(currencies)
                .collect::<Vec<_>>()
                .join(" "),
            None => checked
                .notes
                .iter()
                .cloned()
                .chain(explain::empty_groups(&checked.empty_groups, ctx.lang()))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        self.draw_charts(ctx, &checked)?;
        self.take_figures(ctx)?;
        let mut finished = RunFinished::answered(run_report::answer(&checked), explanation);
        finished.interpretation = current.plan.as_ref().map(explain::interpretation);
        self.record(ctx, Event::RunFinished(finished))
    }

    /// Draws the charts the code asked for, or one chosen from the result's
    /// shape when it asked none; each drawn or failed chart is recorded.
    fn draw_charts(
        &mut self,
        ctx: &mut RunCtx,
        checked: &CheckedResult,
    ) -> Result<(), EngineError> {
        let _span = tracing::info_span!("draw_charts").entered();
        let mut specs = checked.charts.clone();
        if specs.is_empty() {
            specs.extend(
                checked
                    .tables
                    .iter()
                    .filter(|t| !INTERNAL_TABLES.contains(&t.name.as_str()))
                    .find_map(chart::choose),
            );
        }
        for spec in &specs {
            let Some(table) = checked.tables.iter().find(|t| t.name == spec.table) else {
                continue;
            };
            let event = match chart::render(spec, table, ctx.lang()) {
                Ok(drawn) => Event::Chart(Chart {
                    kind: drawn.kind,
                    title: drawn.title,
                    table: drawn.table,
                    drawn_by_code: false,
                    svg: drawn.svg,
                    png: drawn.png,
                }),
                Err(e) => Event::ChartFailed(ChartFailed {
                    kind: spec.kind.clone(),
                    table: spec.table.clone(),
                    reason: e.to_string(),
                }),
            };
            self.record(ctx, event)?;
        }
        Ok(())
    }

    /// Records the figures the answering attempt's code drew, as charts
    /// drawn by the code, and each refused one with why.
    fn take_figures(&mut self, ctx: &mut RunCtx) -> Result<(), EngineError> {
        let (figures, refused) = figure::collect(&ctx.outputs, ctx.lang());
        for f in figures {
            let event = Event::Chart(Chart {
                kind: figure::FIGURE_KIND.into(),
                title: f.title,
                table: f.files,
                drawn_by_code: true,
                svg: f.svg,
                png: f.png,
            });
            self.record(ctx, event)?;
        }
        for r in refused {
            let event = Event::ChartFailed(ChartFailed {
                kind: figure::FIGURE_KIND.into(),
                table: r.file,
                reason: r.reason,
            });
            self.record(ctx, event)?;
        }
        Ok(())
    }

    /// Records how a run stopped.
    pub(super) fn stop(&mut self, ctx: &mut RunCtx, stop: Stop) -> Result<(), EngineError> {
        let mut finished = RunFinished::stopped(stop.status, stop.kind, stop.reason);
        finished.suggestions = stop.suggestions;
        self.record(ctx, Event::RunFinished(finished))
    }
}
