package org.bgctl.live;

import akka.Done;
import akka.NotUsed;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.http.javadsl.marshalling.sse.EventStreamMarshalling;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.MediaTypes;
import akka.http.javadsl.model.StatusCode;
import akka.http.javadsl.model.StatusCodes;
import akka.http.javadsl.model.sse.ServerSentEvent;
import akka.http.javadsl.server.AllDirectives;
import akka.http.javadsl.server.PathMatchers;
import akka.http.javadsl.server.Route;
import akka.http.javadsl.unmarshalling.Unmarshaller;
import akka.pattern.StatusReply;
import akka.stream.javadsl.Source;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.clock.JobSpec;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.RunClock;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.UnitDirectory;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Refusal;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The live server's HTTP JSON API (docs/api.md): jobs, the machine, faults, metrics and the event
 * stream, behind the checks of {@link HttpFront}. With a token every mutating call must carry
 * {@code Authorization: Bearer TOKEN}. A bad
 * request is refused whole with 400 and {@code {"error": ..., "field": ...}}; nothing is half applied,
 * since a request reaches the clock only once it has been read and checked completely.
 */
public final class LiveApi extends AllDirectives {

    /** Reads and writes JSON; a field given twice in a request body is found before it reads one ({@link #body}). */
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(30);
    /** Where Jackson's messages quote the text they read, as {@code [Source: (String)"{"; line: 1, column: 1]}. */
    private static final Pattern QUOTED_SOURCE = Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)]",
            Pattern.DOTALL);
    private static final Set<String> FAULT_FIELDS = Set.of("component", "state");

    private final ActorSystem<?> system;
    private final ActorRef<RunClock.Command> clock;
    private final LiveView view;
    private final UnitDirectory units;
    private final MachineModel machine;
    private final Lateness lateness;
    private final Source<SchedulerEvent, NotUsed> events;
    private final Optional<String> token;
    private final Supplier<Map<String, Object>> serverFields;
    private final HttpFront front;
    private final ServerHealth health;

    /**
     * @param machine      a model of the server's machine, only read (to check requests)
     * @param events       the scheduler's events as they happen, for any number of subscribers
     * @param token        the token mutating calls must carry, if any
     * @param serverFields the server's own figures for /api/metrics (speed, time, …)
     * @param loopback     whether the server listens on a loopback address only: then requests must name a loopback
     *                     host and come from the server's own origin ({@link HttpFront})
     * @param units        the agents, for /api/audit
     * @param health       what /api/health reports
     */
    public LiveApi(ActorSystem<?> system, ActorRef<RunClock.Command> clock, LiveView view, MachineModel machine,
                   Lateness lateness, Source<SchedulerEvent, NotUsed> events, Optional<String> token,
                   Supplier<Map<String, Object>> serverFields, boolean loopback, UnitDirectory units,
                   ServerHealth health) {
        this.health = health;
        this.units = units;
        this.system = system;
        this.clock = clock;
        this.view = view;
        this.machine = machine;
        this.lateness = lateness;
        this.events = events;
        this.token = token;
        this.serverFields = serverFields;
        this.front = new HttpFront(loopback);
    }

    public Route route() {
        return front.guard(() -> concat(
                pathSingleSlash(() -> get(() -> getFromResource("live/dashboard.html", ContentTypes.TEXT_HTML_UTF8))),
                api()));
    }

    private Route api() {
        return pathPrefix("api", () -> concat(
                path("jobs", () -> concat(
                        get(() -> complete(json(StatusCodes.OK, view.jobs()))),
                        post(() -> authorized(() -> body(this::submit))))),
                path(PathMatchers.segment("jobs").slash(PathMatchers.segment()), id -> concat(
                        get(() -> checked(() -> complete(job(jobId(id))))),
                        delete(() -> authorized(() -> checked(() -> cancel(jobId(id))))))),
                path("machine", () -> get(() -> complete(json(StatusCodes.OK, view.machine())))),
                path("health", () -> get(() -> complete(json(health.healthy() ? StatusCodes.OK
                        : StatusCodes.SERVICE_UNAVAILABLE, health.report())))),
                path("audit", () -> get(this::auditAgents)),
                path("faults", () -> post(() -> authorized(() -> body(this::fault)))),
                path("reservations", () -> concat(
                        get(() -> complete(json(StatusCodes.OK, view.reservations()))),
                        post(() -> authorized(() -> body(this::reserve))))),
                path(PathMatchers.segment("reservations").slash(PathMatchers.segment()), name ->
                        delete(() -> authorized(() -> checked(() -> cancelReservation(name))))),
                path("metrics", () -> get(() -> parameterOptional("lateness_after", after -> complete(metrics(after))))),
                path("events", () -> get(() -> completeOK(
                        events.map(e -> ServerSentEvent.create(write(EventJson.fields(e)), EventJson.type(e)))
                                .keepAlive(Duration.ofSeconds(10), ServerSentEvent::heartbeat),
                        EventStreamMarshalling.toEventStream())))));
    }

    private Route authorized(Supplier<Route> inner) {
        if (token.isEmpty()) return inner.get();
        return optionalHeaderValueByName("Authorization", header -> {
            String expected = "Bearer " + token.get();
            boolean ok = header.isPresent() && MessageDigest.isEqual(
                    header.get().getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
            if (ok) return inner.get();
            return complete(error(StatusCodes.UNAUTHORIZED, "Authorization", header.isPresent()
                    ? "the token given is not this server's"
                    : "this server needs \"Authorization: Bearer TOKEN\" on every call that changes something"));
        });
    }

    /**
     * The request body as JSON, checked in this order: its length (413, by the front), its nesting depth (400
     * naming {@code body}, before any parser sees it), its content type (415 naming {@code Content-Type} unless
     * {@code application/json}), then its syntax (400 naming {@code body}) and a field given twice in an object of it
     * (400 naming the field: {@link DuplicateFields}), which would otherwise be read as its last value.
     */
    private Route body(Function<JsonNode, Route> inner) {
        return extractRequestEntity(entity -> entity(Unmarshaller.entityToString(), text -> {
            if (JsonDepth.exceeds(text, JsonDepth.MAX))
                return complete(error(StatusCodes.BAD_REQUEST, "body", "nested deeper than " + JsonDepth.MAX
                        + " levels of arrays and objects"));
            if (!entity.getContentType().mediaType().equals(MediaTypes.APPLICATION_JSON))
                return complete(error(StatusCodes.UNSUPPORTED_MEDIA_TYPE, "Content-Type", "expected application/json,"
                        + " got " + entity.getContentType().mediaType()));
            JsonNode node;
            try {
                Optional<String> twice;
                try (JsonParser scan = JSON.createParser(text)) {
                    twice = DuplicateFields.first(scan);
                }
                if (twice.isPresent()) return complete(error(StatusCodes.BAD_REQUEST, twice.get(),
                        new BadRequest(twice.get(), "appears twice; give each field once").getMessage()));
                try (JsonParser parser = JSON.createParser(text)) {
                    node = JSON.readTree(parser);
                    if (node == null) node = MissingNode.getInstance();
                    else if (parser.nextToken() != null)
                        return complete(error(StatusCodes.BAD_REQUEST, "body", "not JSON: more after the value, at line "
                                + parser.getTokenLocation().getLineNr() + ", column "
                                + parser.getTokenLocation().getColumnNr() + "; send one JSON object"));
                }
            } catch (JsonProcessingException e) {
                return complete(error(StatusCodes.BAD_REQUEST, "body", "not JSON: " + notJson(e)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            JsonNode read = node;
            return checked(() -> inner.apply(read));
        }));
    }

    /** The route {@code inner} gives, or 400 naming the field of the {@link BadRequest} it throws instead. */
    private Route checked(Supplier<Route> inner) {
        try {
            return inner.get();
        } catch (BadRequest bad) {
            return complete(error(StatusCodes.BAD_REQUEST, bad.field(), bad.getMessage()));
        }
    }

    /**
     * The id of {@code /api/jobs/ID}: one that cannot be a job's ({@link JobIds}) is a 400 naming {@code id}; a
     * well-formed one of no job is a 404 of its call.
     */
    private static long jobId(String text) {
        try {
            return JobIds.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("id", e.getMessage());
        }
    }

    /*
     * Answers are built on the actor system's dispatcher (handleAsync): the asks' futures would otherwise
     * run them on CompletableFuture's default executor, which starts a thread per task where the common
     * pool has fewer than two threads (machines of two cores) — in the clock's thread, at every ack.
     */
    private Route submit(JsonNode body) {
        JobSpec spec = JobRequests.parse(body, machine);
        CompletionStage<RunClock.Submitted> submitted = AskPattern.ask(clock,
                replyTo -> new RunClock.Submit(spec, replyTo), ASK_TIMEOUT, system.scheduler());
        return completeWithFuture(submitted.handleAsync((s, failure) -> {
            if (failure != null) return error(StatusCodes.SERVICE_UNAVAILABLE, "", failure.getMessage());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", s.id());
            m.put("submit", s.submit());
            return json(StatusCodes.CREATED, m);
        }, system.executionContext()));
    }

    /** Every agent's holdings compared with the scheduler's events so far: {@code {agents, mismatches, examples}}. */
    private Route auditAgents() {
        return completeWithFuture(AgentAudit.ask(system, machine.units(), units, ASK_TIMEOUT).handleAsync(
                (agents, failure) -> failure != null ? error(StatusCodes.SERVICE_UNAVAILABLE, "", failure.getMessage())
                        : json(StatusCodes.OK, view.auditAgents(agents).fields()), system.executionContext()));
    }

    private HttpResponse job(long id) {
        Map<String, Object> job = view.job(id);
        return job == null ? error(StatusCodes.NOT_FOUND, "id", "no job " + id) : json(StatusCodes.OK, job);
    }

    private Route cancel(long id) {
        if (!view.knows(id)) return complete(error(StatusCodes.NOT_FOUND, "id", "no job " + id));
        return operation(replyTo -> new RunClock.Cancel(id, replyTo), "id", answer("id", id, "cancelled", true));
    }

    /** {@code DELETE /api/reservations/NAME}: a name no reservation can have is a 400 naming {@code name}. */
    private Route cancelReservation(String name) {
        ReservationRequests.checkName(name);
        return operation(replyTo -> new RunClock.CancelReservation(name, replyTo), "name",
                answer("name", name, "cancelled", true));
    }

    private Route fault(JsonNode body) {
        if (!body.isObject()) throw new BadRequest("body", "expected a JSON object");
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FAULT_FIELDS.contains(name)) throw new BadRequest(name, "unknown field; known: component, state");
        }
        JsonNode component = body.get("component");
        if (component == null)
            throw new BadRequest("component", "missing; a midplane, switch or cable id, e.g. mp-R000");
        if (!component.isTextual() || component.asText().isEmpty())
            throw new BadRequest("component", "expected a midplane, switch or cable id as a string, e.g. \"mp-R000\","
                    + " got " + component);
        JsonNode state = body.get("state");
        if (state == null || !state.isTextual() || !(state.asText().equals("down") || state.asText().equals("up")))
            throw new BadRequest("state", "expected \"down\" or \"up\", got " + state);
        String id = component.asText();
        try {
            machine.componentClaims(id);
        } catch (IllegalArgumentException unknown) {
            throw new BadRequest("component", unknown.getMessage());
        }
        boolean up = state.asText().equals("up");
        return operation(replyTo -> new RunClock.SetHealth(id, up, replyTo), "component",
                answer("component", id, "state", state.asText()));
    }

    /**
     * An answer of two fields, in this order: Map.of iterates in an order that changes from one JVM to the next, so
     * the same call was answered {"id":1,"cancelled":true} by one server and {"cancelled":true,"id":1} by another.
     */
    private static Map<String, Object> answer(String key, Object value, String otherKey, Object otherValue) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(key, value);
        m.put(otherKey, otherValue);
        return m;
    }

    private Route reserve(JsonNode body) {
        Reservation r = ReservationRequests.parse(body, machine);
        return operation(replyTo -> new RunClock.PlaceReservation(r, replyTo), "name", ReservationJson.fields(r));
    }

    /**
     * Sends an operation to the clock: 200 with {@code done} once recorded, 409 when refused, naming the field a
     * {@link Refusal} names, else {@code field}.
     */
    private Route operation(Function<ActorRef<StatusReply<Done>>, RunClock.Command> command, String field,
                            Map<String, Object> done) {
        CompletionStage<StatusReply<Done>> reply = AskPattern.ask(clock, command::apply, ASK_TIMEOUT, system.scheduler());
        return completeWithFuture(reply.handleAsync((r, failure) -> {
            if (failure != null) return error(StatusCodes.SERVICE_UNAVAILABLE, "", failure.getMessage());
            if (r.isError()) return error(StatusCodes.CONFLICT,
                    r.getError() instanceof Refusal refusal ? refusal.field() : field, r.getError().getMessage());
            return json(StatusCodes.OK, new LinkedHashMap<>(done));
        }, system.executionContext()));
    }

    /**
     * The metrics; the lateness is that of the timed events after the start-up's (reported apart), with
     * {@code lateness_after=N} after the first N.
     */
    private HttpResponse metrics(Optional<String> after) {
        long skipped;
        try {
            skipped = after.isEmpty() ? 1 : Long.parseLong(after.get());
        } catch (NumberFormatException e) {
            skipped = -1;
        }
        if (skipped < 0)
            return error(StatusCodes.BAD_REQUEST, "lateness_after", "expected a count of events ≥ 0, got " + after.get());
        Map<String, Object> m = new LinkedHashMap<>(serverFields.get());
        m.putAll(view.counts());
        Lateness.Stats s = lateness.stats(skipped);
        Map<String, Object> late = new LinkedHashMap<>();
        late.put("events", s.events());
        late.put("p50_ms", s.p50Ms());
        late.put("p99_ms", s.p99Ms());
        late.put("max_ms", s.maxMs());
        late.put("startup_ms", s.startupMs());
        m.put("lateness", late);
        return json(StatusCodes.OK, m);
    }

    static HttpResponse json(StatusCode status, Object body) {
        return HttpResponse.create().withStatus(status).withEntity(ContentTypes.APPLICATION_JSON, write(body));
    }

    static HttpResponse error(StatusCode status, String field, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", message);
        m.put("field", field);
        return json(status, m);
    }

    /** Jackson's reason without the body it quotes (its sender has it), and where in the body it went wrong. */
    private static String notJson(JsonProcessingException e) {
        String reason = QUOTED_SOURCE.matcher(e.getOriginalMessage()).replaceAll("line $1, column $2");
        JsonLocation at = e.getLocation();
        return at == null ? reason : reason + " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    static String write(Object body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
