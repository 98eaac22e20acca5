package org.bgctl.report;

import static org.bgctl.report.Records.neverStarted;
import static org.bgctl.report.Records.ran;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

class JobsCsvTest {

    private static String csv(JobRecord... records) throws IOException {
        StringWriter out = new StringWriter();
        JobsCsv.write(List.of(records), out);
        return out.toString();
    }

    @Test
    void headerThenOneRowPerJobInTheContractColumnOrder() throws IOException {
        // job 1: submit 0, run 100, estimate 150, 4 nodes, started 0, ended 100.
        assertEquals("job_id,submit_s,start_s,end_s,wait_s,run_s,estimate_s,requested_size,size,shape,partition,status,"
                + "migrations,job_class,estimate_class\n"
                + "1,0,0,100,0,100,150,4,4,,,completed,0,nci,well\n",
                csv(ran(Job.of(1, 0, 100, 150, 4), 0, 100)));
    }

    @Test
    void eachOutcomeHasItsStatusAndBlanksForWhatDidNotHappen() throws IOException {
        Job killed = new Job(2, 10, 30, 30, 6, 30, -1, -1, -1, -1, true);
        Job running = Job.of(3, 30, 5, 5, 8);
        assertEquals(JobsCsv.HEADER + "\n"
                + "2,10,20,50,10,30,30,6,6,,,killed_at_walltime,0,nci,well\n"
                + "3,30,100,,70,,5,8,8,,,running,0,nci,well\n"
                + "4,40,,,,,10,2,0,,,never_started,0,nci,well\n",
                csv(ran(killed, 20, 50), new JobRecord(running, 100, 100, -1, 8, "", 0, ""),
                        neverStarted(Job.of(4, 40, 10, 10, 2))));
    }

    @Test
    void aPartitionNameWithACommaOrQuoteIsQuoted() throws IOException {
        Job job = Job.of(5, 0, 1, 1, 2);
        assertEquals(JobsCsv.HEADER + "\n"
                + "5,0,0,1,0,1,1,2,2,,R00-M0,completed,0,nci,well\n"
                + "5,0,0,1,0,1,1,2,2,,\"R00,R01\",completed,0,nci,well\n"
                + "5,0,0,1,0,1,1,2,2,,\"say \"\"hi\"\"\",completed,0,nci,well\n",
                csv(new JobRecord(job, 0, 0, 1, 2, "R00-M0", 0, ""), new JobRecord(job, 0, 0, 1, 2, "R00,R01", 0, ""),
                        new JobRecord(job, 0, 0, 1, 2, "say \"hi\"", 0, "")));
    }

    @Test
    void theLastColumnsSayWhetherTheJobIsCommunicationIntensiveAndHowWellItWasEstimated() throws IOException {
        // job 6: run 100, estimate 201 (more than twice the run), communication-intensive
        Job job = Job.of(6, 0, 100, 201, 4).withCommunication(Communication.intensive(0.2));
        assertEquals(JobsCsv.HEADER + "\n" + "6,0,0,80,0,80,201,4,4,,buddy:0-3,completed,0,ci,badly\n",
                csv(new JobRecord(job, 0, 80, 4, "buddy:0-3", true)));
    }
}
