//! What each path answers. Paths name compiled-in pages and API questions, nothing else; every
//! answer that takes computing runs on a worker ([`Budget::compute`]) within the request's
//! deadline, a perft also with the one perft slot ([`Budget::perft_slot`]).

use super::api::{self, ApiError, Ask, Params, Question};
use super::budget::Budget;
use super::http::{Method, Request, Response};
use super::{page, records, spec_html};
use crate::registry::{GameCommand, GameId, Registered};
use std::sync::Arc;
use std::time::Instant;

/// Answers `request`, due by `deadline`.
pub async fn respond(request: Request, budget: &Arc<Budget>, deadline: Instant) -> Response {
    let segments: Vec<String> = request
        .path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if segments.first().map(String::as_str) == Some("api") {
        return api_route(&request, &segments[1..], budget, deadline).await;
    }
    if request.method == Method::Post {
        return method_not_allowed("GET, HEAD");
    }
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    match segments[..] {
        ["assets", name] => match page::asset(name) {
            Some((content_type, body)) => Response::new(200, content_type, body),
            None => not_found(&request.path),
        },
        ["favicon.ico"] => Response::new(204, "image/x-icon", Vec::new()),
        [] | ["spec"] | ["play", _] | ["docs", "diagrams", _, _] => {
            let path = request.path.clone();
            let owned: Vec<String> = segments.iter().map(|s| s.to_string()).collect();
            let answer = budget
                .compute(deadline, move |_| {
                    let segments: Vec<&str> = owned.iter().map(String::as_str).collect();
                    Ok(drawn_page(&segments, &path))
                })
                .await;
            answer.unwrap_or_else(|e| Response::error(e.status, &e.message))
        }
        _ => not_found(&request.path),
    }
}

/// A page that takes drawing: the index, SPEC.md, a game's board, a diagram.
fn drawn_page(segments: &[&str], path: &str) -> Response {
    match *segments {
        [] => Response::html(page::index()),
        ["spec"] => Response::html(spec_html::spec_page()),
        ["play", game] => match page::play(game) {
            Ok(html) => Response::html(html),
            Err(message) => Response::new(
                404,
                "text/html; charset=utf-8",
                page::wrap(
                    "not found",
                    "",
                    &format!("<p>{}</p>", page::escape(&message)),
                ),
            ),
        },
        ["docs", "diagrams", game, file] => match page::diagram(game, file) {
            Some(svg) => Response::new(200, "image/svg+xml", svg),
            None => not_found(path),
        },
        _ => not_found(path),
    }
}

fn not_found(path: &str) -> Response {
    Response::error(
        404,
        &format!(
            "nothing at {:?}; try /, /play/<game>, /spec or /api/games",
            path.chars().take(80).collect::<String>()
        ),
    )
}

fn method_not_allowed(allow: &str) -> Response {
    let mut r = Response::error(405, &format!("use {allow} here"));
    r.headers.push(("Allow", allow.to_string()));
    r
}

fn error(e: ApiError) -> Response {
    Response::error(e.status, &e.message)
}

async fn api_route(
    request: &Request,
    segments: &[String],
    budget: &Arc<Budget>,
    deadline: Instant,
) -> Response {
    let params = match request.method {
        Method::Post => Params::from_json(&request.body),
        Method::Get | Method::Head => Params::from_query(&request.query),
    };
    let params = match params {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    match segments[..] {
        ["games"] => budget
            .compute(deadline, |_| Ok(Response::json(200, &api::games())))
            .await
            .unwrap_or_else(error),
        ["_fault", "panic"] if budget.panic_route => {
            panic!("the fault route /api/_fault/panic (Config::panic_route)")
        }
        ["_fault", "panic-question"] if budget.panic_route => {
            let answer = budget
                .compute(deadline, |_| -> Result<(), ApiError> {
                    panic!("the fault route /api/_fault/panic-question (Config::panic_route)")
                })
                .await;
            match answer {
                Ok(()) => Response::error(500, "the fault route did not panic"),
                Err(e) => error(e),
            }
        }
        [game, "records"] => records_answer(game, None, budget, deadline).await,
        [game, "records", id] => records_answer(game, Some(id), budget, deadline).await,
        [game, question] => {
            let Some(question) = Question::parse(question) else {
                return Response::error(
                    404,
                    &format!(
                        "no question {:?}; the questions are moves, play, perft, outcome, explain",
                        question.chars().take(40).collect::<String>()
                    ),
                );
            };
            let game = match game.parse::<GameId>() {
                Ok(game) => game,
                Err(e) => return error(ApiError::from(e)),
            };
            // One perft at a time: waited for before a worker, so that perfts waiting for the
            // slot hold no worker.
            let slot = match question {
                Question::Perft => match budget.perft_slot(deadline).await {
                    Ok(slot) => Some(slot),
                    Err(e) => return error(e),
                },
                _ => None,
            };
            let owned = budget.clone();
            let answer = budget
                .compute(deadline, move |deadline| {
                    let _slot = slot;
                    game.run(Ask {
                        question,
                        params: &params,
                        budget: &owned,
                        deadline,
                    })
                })
                .await;
            match answer {
                Ok(doc) => Response::new(200, "application/json", doc),
                Err(e) => error(e),
            }
        }
        _ => Response::error(
            404,
            &format!(
                "no API at {:?}; try /api/games or /api/<game>/<moves|play|perft|outcome|explain> with <game> one of {}",
                request.path.chars().take(80).collect::<String>(),
                GameId::names().join(", ")
            ),
        ),
    }
}

/// `/api/<game>/records` (the list) and `/api/<game>/records/<id>` (one, ply by ply).
async fn records_answer(
    game: &str,
    id: Option<&str>,
    budget: &Budget,
    deadline: Instant,
) -> Response {
    struct Records(Option<String>);
    impl GameCommand for Records {
        type Output = Response;
        fn run<G: Registered>(self) -> Response {
            match self.0 {
                None => Response::json(200, &records::list::<G>()),
                Some(id) => match records::record::<G>(&id) {
                    Ok(doc) => Response::json(200, &doc),
                    Err(e) => error(e),
                },
            }
        }
    }
    let game = match game.parse::<GameId>() {
        Ok(game) => game,
        Err(e) => return error(ApiError::from(e)),
    };
    let id = id.map(str::to_string);
    budget
        .compute(deadline, move |_| Ok(game.run(Records(id))))
        .await
        .unwrap_or_else(error)
}
