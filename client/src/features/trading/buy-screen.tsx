import { anySymbolSchema, symbolKind } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { IconQuotes } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { afterNextPaint } from "../../lib/idle.ts";
import { useSessionState } from "../../state/session.ts";
import { detailPath } from "../market/instrument.ts";
import { knownInstrument, useInstrument } from "../market/market-api.ts";
import { OrderForm } from "./order-sheet.tsx";
import { buyPath } from "./paths.ts";
import "../market/market.css";

function sideOf(value: string | null): Side {
  return value === "short" ? "short" : "long";
}

/**
 * `#/market/marketBuy?symbol=JP%3A7203&side=long`: the stock page's order sheet as a screen of
 * its own, so Home, search and a shared link can open an order directly. Without a symbol it
 * asks for one through search.
 */
export function BuyScreen() {
  const params = new URLSearchParams(useSearch());
  const symbolParam = params.get("symbol");
  const side = sideOf(params.get("side"));
  const session = useSessionState();
  if (!symbolParam) return <ChooseStock />;
  const parsed = anySymbolSchema.safeParse(symbolParam);
  if (!parsed.success || symbolKind(parsed.data) !== "equity") {
    return <BuyProblem error={new ApiError(400, "SYMBOL_INVALID")} />;
  }
  if (!session) return <SignInFirst symbol={parsed.data} />;
  return <Buy key={parsed.data} symbol={parsed.data} side={side} />;
}

function Buy({ symbol, side }: { symbol: string; side: Side }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  // Whether the member is still here once the done notice is up: one who went elsewhere
  // meanwhile stays there.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);
  const loaded = useInstrument(symbol);
  const instrument = loaded.status === "ready" ? loaded.value : knownInstrument(symbol);
  if (!instrument && loaded.status === "error") return <BuyProblem error={loaded.error} />;
  return (
    <>
      <PageHeader
        back={detailPath(symbol)}
        title={side === "long" ? <Trans>Buy · Long</Trans> : <Trans>Sell · Short</Trans>}
        actions={
          <Link href={detailPath(symbol)} className="icon-button" aria-label={t`Chart and order book`}>
            <IconQuotes />
          </Link>
        }
      />
      <main className="buy-screen" data-testid="buy-screen">
        {instrument ? (
          <OrderForm
            instrument={instrument}
            side={side}
            placement="screen"
            onSideChange={(next) => navigate(buyPath(symbol, next), { replace: true })}
            // The done notice paints first; the positions screen follows a frame after it is in
            // the page (a phone spends a few hundred milliseconds rendering the screen, and the
            // member waits on the notice, not on the list).
            onDone={(noticeShown) =>
              void noticeShown.then(() =>
                afterNextPaint(() => {
                  if (here.current) navigate("/position/position");
                }),
              )
            }
          />
        ) : (
          <div className="order-form" aria-busy="true">
            <span className="skeleton" style={{ width: "60%", height: "1.5rem" }} />
          </div>
        )}
      </main>
    </>
  );
}

function BuyProblem({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeader back="/market/market" title={<Trans>Trade</Trans>} />
      <p className="empty" role="alert">
        {errorMessage(i18n, errorCode(error))}
      </p>
    </>
  );
}

function ChooseStock() {
  return (
    <>
      <PageHeader back="/home/index" title={<Trans>Trade</Trans>} />
      <div className="empty" data-testid="buy-choose">
        <p>
          <Trans>Choose the stock to trade.</Trans>
        </p>
        <Link href="/home/search?then=buy" className="button button--primary">
          <Trans>Find a stock</Trans>
        </Link>
      </div>
    </>
  );
}

function SignInFirst({ symbol }: { symbol: string }) {
  return (
    <>
      <PageHeader back={detailPath(symbol)} title={<Trans>Trade</Trans>} />
      <div className="empty">
        <p>
          <Trans>Sign in to trade.</Trans>
        </p>
        <Link href="/login/login" className="button button--primary">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    </>
  );
}
